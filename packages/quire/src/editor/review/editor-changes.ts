import type { Node } from 'prosemirror-model';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { acceptAllChanges, acceptChange, rejectAllChanges, rejectChange } from './decide-changes.js';
import { listChanges } from './list-changes.js';
import { acceptChangesInSelectionCommand, decisionCommand, rejectChangesInSelectionCommand } from './review-commands.js';
import { goToReviewStop, type ReviewStop } from './review-navigation.js';
import type { TrackedChange } from './tracked-change.js';

/**
 * The document's tracked changes, and the decisions of Word's Review tab (`editor.changes`). Each
 * decision is one undo step and records no tracked change of its own; it returns false when it
 * changed nothing (no such change, none in the selection, view mode, no document shown).
 */
export interface EditorChanges {
  /** The document's tracked changes in document order, as plain data (empty with no document shown). */
  list(): TrackedChange[];
  /** Accepts the change with `id` (a `TrackedChange.id`): an insertion stays, a deletion goes, a move moves. */
  accept(id: string): boolean;
  /** Rejects the change with `id`: an insertion goes, a deletion stays, a move goes back. */
  reject(id: string): boolean;
  acceptAll(): boolean;
  rejectAll(): boolean;
  /** Accepts the changes the selection touches, or the one at the caret (also Alt+Shift+A). */
  acceptInSelection(): boolean;
  /** Rejects the changes the selection touches, or the one at the caret (also Alt+Shift+R). */
  rejectInSelection(): boolean;
  /**
   * Selects the next tracked change or comment range after the selection, wrapping round to the
   * first at the end of the document as Word does, and scrolls it into view (also Alt+Shift+. and
   * the toolbar's Next). Returns what it selected, or null when the document has none. Works in
   * every mode; the keyboard focus stays where it is. Headers, footers and notes are not visited.
   */
  next(): ReviewStop | null;
  /** Selects the tracked change or comment range before the selection, wrapping round to the last (also Alt+Shift+, and Previous); see `next`. */
  previous(): ReviewStop | null;
}

/** Where a decision applies: the whole document, or the selection of the view in use (a header open for editing included). */
export type DecisionTarget = 'document' | 'selection';

/** What `editor.changes` needs of the editor. */
export interface EditorChangesHost {
  /** The document's state, or null when none is shown. */
  readonly state: () => EditorState | null;
  /** Runs a command where it applies; false when it changed nothing or could not run. */
  readonly run: (command: Command, target: DecisionTarget) => boolean;
  /** Applies a transaction that only moves the document's selection, in any mode. */
  readonly select: (tr: Transaction) => void;
}

/** Returns the `changes` API of an editor. */
export function createEditorChanges(host: EditorChangesHost): EditorChanges {
  const go = (direction: 'next' | 'previous') => {
    const state = host.state();
    const found = state && goToReviewStop(state, direction);
    if (!found) return null;
    host.select(found.tr);
    return found.stop;
  };
  const onDocument = (decide: (state: EditorState) => ReturnType<typeof acceptAllChanges>) => host.run(decisionCommand(decide), 'document');
  return {
    list: () => {
      const state = host.state();
      return state ? listChanges(state.doc) : [];
    },
    accept: (id) => onDocument((state) => acceptChange(state, String(id))),
    reject: (id) => onDocument((state) => rejectChange(state, String(id))),
    acceptAll: () => onDocument(acceptAllChanges),
    rejectAll: () => onDocument(rejectAllChanges),
    acceptInSelection: () => host.run(acceptChangesInSelectionCommand, 'selection'),
    rejectInSelection: () => host.run(rejectChangesInSelectionCommand, 'selection'),
    next: () => go('next'),
    previous: () => go('previous'),
  };
}

/**
 * Keeps the change list last announced, so that the `changes` event goes only when the list
 * differs: a change decided, made or undone, or one moved by an edit before it.
 */
export class ChangeListWatch {
  #last: readonly TrackedChange[] | null = null;

  /** Returns the list of `doc` when it differs from the last one returned, else null. */
  update(doc: Node): TrackedChange[] | null {
    const list = listChanges(doc);
    if (this.#last && sameChanges(this.#last, list)) return null;
    this.#last = list;
    return list;
  }
}

function sameChanges(a: readonly TrackedChange[], b: readonly TrackedChange[]): boolean {
  return a.length === b.length && a.every((change, index) => sameChange(change, b[index]!));
}

function sameChange(a: TrackedChange, b: TrackedChange): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.target === b.target &&
    a.author === b.author &&
    a.date === b.date &&
    a.move === b.move &&
    a.text === b.text &&
    a.description === b.description &&
    a.ranges.length === b.ranges.length &&
    a.ranges.every((range, index) => range.from === b.ranges[index]!.from && range.to === b.ranges[index]!.to)
  );
}
