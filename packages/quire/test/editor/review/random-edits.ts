// Random edits for suggest mode's property tests, made as the editor makes them (Enter, Backspace
// at a paragraph's start and Delete at its end run its commands) and placed by the accepted text,
// so that the same edit lands on the same text in a document holding tracked changes and in one without.
import fc from 'fast-check';
import { joinBackward, joinForward } from 'prosemirror-commands';
import { Slice, type Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import { expect } from 'vitest';
import { splitParagraphKeepingLook } from '../../../src/editor/commands/split-paragraph.js';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { doc, p } from '../../../src/model/builders.js';

/** An edit, its place a fraction of the accepted text's units (characters and paragraph breaks). */
export type Edit =
  | { kind: 'type'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; text: string }
  | { kind: 'paste'; at: number; lines: [string, string] }
  | { kind: 'enter'; at: number }
  | { kind: 'backspace'; at: number }
  | { kind: 'backspace-at-start'; paragraph: number }
  | { kind: 'delete-at-end'; paragraph: number };

const fraction = fc.integer({ min: 0, max: 999 }).map((permille) => permille / 1000);
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'x', ' '), minLength: 1, maxLength: 4 });
/** Typing, deleting, replacing, pasting two paragraphs, Enter, Backspace over a unit, Backspace at a paragraph's start, Delete at its end. */
export const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), at: fraction, text: word }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }), text: word }),
  fc.record({ kind: fc.constant('paste' as const), at: fraction, lines: fc.tuple(word, word) }),
  fc.record({ kind: fc.constant('enter' as const), at: fraction }),
  fc.record({ kind: fc.constant('backspace' as const), at: fraction }),
  fc.record({ kind: fc.constant('backspace-at-start' as const), paragraph: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('delete-at-end' as const), paragraph: fc.integer({ min: 0, max: 5 }) }),
);

/**
 * Where each unit of the accepted text (a character, or a paragraph break) starts in `document`,
 * and one more entry for its end: edits are placed by these units, so that the same edit lands on
 * the same text in the suggest-mode document (holding deleted text) and the edit-mode one.
 */
export function unitPositions(document: Node): number[] {
  const positions: number[] = [];
  let end = 0;
  document.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (positions.length > 0 && end > 0) positions.push(end);
    node.forEach((child, offset) => {
      if (!child.isText || child.marks.some((mark) => mark.type.name === 'deletion')) return;
      for (let index = 0; index < child.text!.length; index++) positions.push(pos + 1 + offset + index);
    });
    end = pos + node.nodeSize - 1;
    // A deleted paragraph mark is no break of the accepted text.
    if (node.attrs['markChange']?.kind === 'deletion') end = -end;
    return false;
  });
  positions.push(Math.abs(end));
  return positions.map(Math.abs);
}

// Runs `command` with the selection from..to and returns its transaction, or null when it does not apply.
function commandTransaction(state: EditorState, command: Command, from: number, to = from): Transaction | null {
  const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
  let made: Transaction | null = null;
  command(selected, (tr) => (made = tr));
  if (!made) return null;
  // The command's steps, from the state the caller holds (only the selection differs).
  const tr = state.tr;
  for (const step of (made as Transaction).steps) tr.step(step);
  return tr;
}

// Where each paragraph of the accepted text starts: the first textblock, and each one after a
// textblock whose mark is not deleted (accepting joins the paragraphs of a deleted mark).
function acceptedParagraphStarts(document: Node): number[] {
  const starts: number[] = [];
  let joined = false;
  document.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (!joined) starts.push(pos + 1);
    joined = node.attrs['markChange']?.kind === 'deletion';
    return false;
  });
  return starts;
}

/**
 * The edit as the transaction the editor would make on `state`, placed by the units and the
 * paragraphs of the accepted text; null when it does not apply there.
 */
export function transactionOf(state: EditorState, change: Edit): Transaction | null {
  const units = unitPositions(state.doc);
  const last = units.length - 1;
  const at = 'at' in change ? Math.floor(change.at * (last + 1)) : 0;
  // Typed text is plain in both documents: a caret after a deleted paragraph mark stands in the next
  // paragraph, in edit mode at the end of the joined one, and would take different formatting.
  const select = (from: number, to = from) => state.tr.setSelection(TextSelection.create(state.doc, from, to)).setStoredMarks([]);
  const span = (length: number) => [units[at]!, units[Math.min(last, at + length)]!] as const;
  switch (change.kind) {
    case 'type':
      return select(units[at]!).insertText(change.text);
    case 'delete':
      return select(...span(change.length)).deleteSelection();
    case 'replace':
      return select(...span(change.length)).insertText(change.text);
    case 'paste': {
      const pasted = new Slice(doc(p(change.lines[0]), p(change.lines[1])).firstChild!.content, 1, 1);
      return select(units[at]!).replaceSelection(pasted);
    }
    case 'enter':
      return commandTransaction(state, splitParagraphKeepingLook, units[at]!);
    case 'backspace':
      return at === 0 ? null : select(units[at - 1]!, units[at]!).deleteSelection();
    case 'delete-at-end': {
      const next = acceptedParagraphStarts(state.doc)[change.paragraph + 1];
      if (next === undefined) return null;
      // The end of the accepted paragraph: the end of the textblock before the next one's start.
      return commandTransaction(state, joinForward, next - 2);
    }
    case 'backspace-at-start': {
      const start = acceptedParagraphStarts(state.doc)[change.paragraph];
      return start === undefined ? null : commandTransaction(state, joinBackward, start);
    }
  }
}

/**
 * Makes each of `edits` on `original` in suggest mode (by Ann, dated one fixed day) and on a copy in
 * edit mode, skipping an edit either cannot make, and calls `check` with both states after each;
 * suggest mode must record every edit. Returns how many edits were made.
 */
export function suggestAndEditEach(original: Node, edits: readonly Edit[], check: (suggesting: EditorState, editing: EditorState) => void): number {
  let ids = 0;
  const context: SuggestContext = { author: 'Ann', now: () => new Date(Date.UTC(2026, 10, 27)), newId: () => `s${++ids}` };
  let suggesting = EditorState.create({ doc: original });
  let editing = EditorState.create({ doc: original });
  let applied = 0;
  for (const change of edits) {
    const raw = transactionOf(suggesting, change);
    const plain = transactionOf(editing, change);
    if (!raw || !plain) continue;
    const suggested = suggestTransaction(raw, suggesting, context);
    expect(suggested).not.toBeNull();
    suggesting = suggesting.apply(suggested!);
    editing = editing.apply(plain);
    check(suggesting, editing);
    applied++;
  }
  return applied;
}
