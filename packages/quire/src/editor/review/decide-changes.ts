import { closeHistory } from 'prosemirror-history';
import type { Node } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { canJoin } from 'prosemirror-transform';
import { removeRow, TableMap } from 'prosemirror-tables';
import { findChanges, type ChangePiece } from './list-changes.js';
import { decideFormat } from './decide-format-change.js';
import type { TrackedChange } from './tracked-change.js';

/** Accepting keeps what a change did; rejecting undoes it (Word's Review tab). */
export type ChangeDecision = 'accept' | 'reject';

/**
 * The meta key of a transaction that accepts or rejects changes: its value is the decision. A
 * transaction carrying it is no edit of the reader's to track (suggest mode records nothing for it).
 */
export const REVIEW_DECISION_META = 'quireReviewDecision';

/**
 * Returns one transaction (one undo step) that accepts or rejects every change `chosen` picks,
 * or null when it picks none. Per ECMA-376 Part 1, 17.13.5: an insertion accepted or a deletion
 * rejected loses its mark and stays; an insertion rejected or a deletion accepted goes. For text
 * that is its removal; for a paragraph's mark, its paragraph joins the next (the text takes the
 * next paragraph's properties, the mark that stays); for a table row, the row's removal. A move
 * is both: accepted, its source goes and its destination stays; rejected, the other way round.
 * A format change accepted keeps the new formatting; rejected, the old comes back (17.13.5.29, 17.13.5.31).
 */
export function decideChanges(state: EditorState, chosen: (change: TrackedChange) => boolean, decision: ChangeDecision): Transaction | null {
  const pieces = findChanges(state.doc)
    .filter(({ change }) => chosen(change))
    .flatMap(({ pieces }) => pieces);
  if (pieces.length === 0) return null;
  const tr = state.tr;
  // From the end back, so that a join or a row removal never moves a piece still to decide.
  for (const piece of [...pieces].sort((a, b) => b.from - a.from || b.to - a.to)) {
    const stays = (piece.kind === 'insertion') === (decision === 'accept');
    if (piece.kind === 'format') decideFormat(tr, piece, decision);
    else if (piece.target === 'text') decideText(tr, piece, stays);
    else if (piece.target === 'paragraph-mark') decideParagraphMark(tr, piece, stays);
    else decideRow(tr, piece, stays);
  }
  return closeHistory(tr.setMeta(REVIEW_DECISION_META, decision));
}

/** Accepts the change with `id` (a `TrackedChange.id`); null when the document has none with it. */
export function acceptChange(state: EditorState, id: string): Transaction | null {
  return decideChanges(state, (change) => change.id === id, 'accept');
}

/** Rejects the change with `id` (a `TrackedChange.id`); null when the document has none with it. */
export function rejectChange(state: EditorState, id: string): Transaction | null {
  return decideChanges(state, (change) => change.id === id, 'reject');
}

/** Accepts every change of the document; null when it has none. */
export function acceptAllChanges(state: EditorState): Transaction | null {
  return decideChanges(state, () => true, 'accept');
}

/** Rejects every change of the document; null when it has none. */
export function rejectAllChanges(state: EditorState): Transaction | null {
  return decideChanges(state, () => true, 'reject');
}

/** Accepts the changes the selection touches (the one at the caret for an empty selection); null when it touches none. */
export function acceptChangesInSelection(state: EditorState): Transaction | null {
  return decideChanges(state, (change) => inSelection(state, change), 'accept');
}

/** Rejects the changes the selection touches (the one at the caret for an empty selection); null when it touches none. */
export function rejectChangesInSelection(state: EditorState): Transaction | null {
  return decideChanges(state, (change) => inSelection(state, change), 'reject');
}

/** Whether the selection overlaps one of the change's ranges; an empty selection, whether the caret is in or at the edge of one. */
export function inSelection(state: EditorState, change: TrackedChange): boolean {
  const { from, to, empty } = state.selection;
  return change.ranges.some((range) => (empty ? range.from <= from && from <= range.to : range.from < to && from < range.to));
}

function decideText(tr: Transaction, piece: ChangePiece, stays: boolean): void {
  const from = tr.mapping.map(piece.from, 1);
  const to = tr.mapping.map(piece.to, -1);
  if (from >= to) return;
  if (stays) tr.removeMark(from, to, piece.mark!);
  else tr.delete(from, to);
}

function decideParagraphMark(tr: Transaction, piece: ChangePiece, stays: boolean): void {
  const at = tr.mapping.map(piece.node!, 1);
  const paragraph = tr.doc.nodeAt(at);
  if (!paragraph || !isSameChange(paragraph.attrs['markChange'], piece)) return;
  const joinAt = at + paragraph.nodeSize;
  const next = stays ? null : nextTextblock(tr.doc, joinAt);
  if (!next) {
    // Kept, or a mark with no paragraph after it to join (the last of a cell or of the document): it stays, unmarked.
    tr.setNodeAttribute(at, 'markChange', null);
    return;
  }
  tr.join(joinAt);
  tr.setNodeMarkup(at, next.type, next.attrs);
}

function nextTextblock(doc: Node, joinAt: number): Node | null {
  const next = doc.nodeAt(joinAt);
  return next?.isTextblock && canJoin(doc, joinAt) ? next : null;
}

function decideRow(tr: Transaction, piece: ChangePiece, stays: boolean): void {
  const at = tr.mapping.map(piece.node!, 1);
  const row = tr.doc.nodeAt(at);
  if (!row || !isSameChange(row.attrs['change'], piece)) return;
  if (stays) {
    tr.setNodeAttribute(at, 'change', null);
    return;
  }
  const $row = tr.doc.resolve(at);
  const table = $row.parent;
  const tableStart = $row.start();
  if (table.childCount === 1) {
    // The table's last row goes with the table; a cell or section left with no block gets an empty paragraph.
    const tablePos = tableStart - 1;
    const alone = tr.doc.resolve(tablePos).parent.childCount === 1;
    if (alone) tr.replaceWith(tablePos, tablePos + table.nodeSize, tr.doc.type.schema.nodes['paragraph']!.create());
    else tr.delete(tablePos, tablePos + table.nodeSize);
    return;
  }
  const map = TableMap.get(table);
  removeRow(tr, { map, table, tableStart, left: 0, top: 0, right: map.width, bottom: map.height }, $row.index());
}

function isSameChange(value: unknown, piece: ChangePiece): boolean {
  const change = value as { id?: unknown; kind?: unknown } | null;
  return change !== null && change.id === piece.structure!.id && change.kind === piece.kind;
}
