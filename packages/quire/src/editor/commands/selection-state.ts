import type { MarkType } from 'prosemirror-model';
import { redo, undo } from 'prosemirror-history';
import type { EditorState } from 'prosemirror-state';
import type { Alignment } from '../../model/paragraph-attrs.js';
import { alignmentAt, paragraphStyleAt } from './block-commands.js';
import { linkAt } from './link-commands.js';
import { listKindAt, type ListKind } from './list-commands.js';
import type { ParagraphStyleOption } from './paragraph-style-options.js';
import { inTable } from './table-commands.js';

/** What the selection is and holds, as a toolbar shows it. */
export interface SelectionState {
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly strike: boolean;
  /** The address of the link at the selection, or null. */
  readonly link: string | null;
  /** The id of the paragraph style at the selection (see `Editor.getParagraphStyles`), or null. */
  readonly paragraphStyle: string | null;
  readonly align: Alignment;
  /** The kind of the innermost list at the selection, or null. */
  readonly list: ListKind | null;
  readonly inTable: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

/** Returns whether text typed at the selection, or all of the selected text, has the mark. */
export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { empty, $from, ranges } = state.selection;
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined;
  return ranges.some((range) => state.doc.rangeHasMark(range.$from.pos, range.$to.pos, type));
}

/**
 * Returns the {@link SelectionState} of `state`, whose undo and redo are those of `history` (the
 * document's state, when `state` is a header's open in the part editor); cheap enough to run on
 * every transaction.
 */
export function readSelectionState(state: EditorState, styles: readonly ParagraphStyleOption[], history: EditorState = state): SelectionState {
  const marks = state.schema.marks;
  return {
    bold: isMarkActive(state, marks['bold']!),
    italic: isMarkActive(state, marks['italic']!),
    underline: isMarkActive(state, marks['underline']!),
    strike: isMarkActive(state, marks['strike']!),
    link: linkAt(state),
    paragraphStyle: paragraphStyleAt(state, styles),
    align: alignmentAt(state),
    list: listKindAt(state),
    inTable: inTable(state),
    canUndo: undo(history),
    canRedo: redo(history),
  };
}
