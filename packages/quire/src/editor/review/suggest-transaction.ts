// Suggest mode is a transaction transform of our own rather than @handlewithcare/prosemirror-suggest-changes
// (0.1.8): that library's marks carry only an id (no author, date or move) and it records a split
// paragraph as node marks on blocks, where Quire and Word keep the paragraph mark's change as the
// paragraph's `markChange`; it has no option for either.
import type { Mark, Node } from 'prosemirror-model';
import { Selection, type EditorState, type Transaction } from 'prosemirror-state';
import { AddMarkStep, canJoin, DocAttrStep, Mapping, RemoveMarkStep, ReplaceStep, type Step } from 'prosemirror-transform';
import { isHistoryTransaction } from 'prosemirror-history';
import type { StructureChange, TrackedChangeAttrs } from '../../model/marks/review-marks.js';
import { recordStepByStep, replacesApart } from './suggest-apart-steps.js';
import { changedRange } from './suggest-changed-range.js';
import { isFormattingMarkStep, suggestParagraphFormatting, suggestRunFormatting } from './suggest-format.js';
import { linkEditAsReplacement } from './suggest-links.js';
import { insertsOrDeletesCells, suggestRowDeletion } from './suggest-rows.js';

/** Who makes the suggestions, when, and where new change ids come from. */
export interface SuggestContext {
  /** The author of new changes. */
  readonly author: string;
  /** The clock that dates new changes. */
  readonly now: () => Date;
  /** A change id no change of the document has. */
  readonly newId: () => string;
}

/** Why suggest mode refuses an edit it cannot record: Word records columns as cell changes, which the model does not hold yet. */
export const SUGGEST_REFUSAL = 'Table columns cannot be suggested yet: switch to editing to change them.';

/** The commands without arguments that suggest mode records (the toolbar's other buttons are off in it). */
export const SUGGESTABLE_COMMANDS: ReadonlySet<string> = new Set(['bold', 'italic', 'underline', 'strike', 'bulletList', 'numberedList', 'indent', 'outdent', 'addRowBefore', 'addRowAfter', 'deleteRow', 'removeLink', 'undo', 'redo']);

// A decision on changes (accept, reject) carries this meta and applies as made (editor/review/decide-changes.ts).
const REVIEW_DECISION_META = 'quireReviewDecision';
// Adding an empty header or footer where a page has none, or taking it out again (editor/parts/add-part.ts), is not a change of the text.
const PART_ADD_META = 'quire-part-add';
// The view's metas that say what made a transaction; the history groups typing by them.
const CARRIED_METAS = ['addToHistory', 'paste', 'uiEvent', 'composition', 'pointer'] as const;

/**
 * Returns the transaction that records `tr` as tracked changes by `context.author`, as Word
 * records an edit made with Track Changes on: inserted content gets an `insertion` mark (joining
 * the author's insertion it touches), each new paragraph mark an inserted `markChange`; deleted
 * text gets a `deletion` mark and each deleted paragraph mark a deleted `markChange`, staying in
 * the document, except the author's own pending insertions, which go. Formatting of text and of
 * paragraphs (styles, alignment, lists) is applied and recorded as a format change (see
 * `suggest-format.ts`). Accepting and rejecting changes, undo and redo, and comment ranges apply
 * as made. Returns null for an edit it cannot record (see {@link SUGGEST_REFUSAL}).
 */
export function suggestTransaction(tr: Transaction, state: EditorState, context: SuggestContext): Transaction | null {
  if (!tr.docChanged || tr.getMeta(REVIEW_DECISION_META) !== undefined || tr.getMeta(PART_ADD_META) === true || isHistoryTransaction(tr)) return tr;
  if (tr.steps.every(isCommentStep)) return tr;
  const linkEdit = linkEditAsReplacement(tr, state);
  if (linkEdit !== undefined) return linkEdit && suggestTransaction(linkEdit, state, context);
  const date = changeDate(context.now());
  const formatting = { author: context.author, date, newId: context.newId };
  if (tr.steps.every(isFormattingMarkStep)) return suggestRunFormatting(tr, formatting);
  if (!tr.steps.some(isFormattingMarkStep)) {
    const recorded = suggestParagraphFormatting(tr, formatting);
    if (recorded) return recorded;
  }
  if (tr.steps.some((step, index) => insertsOrDeletesCells(step, tr.docs[index]!))) return null;
  const rowDeletion = suggestRowDeletion(tr, state, formatting);
  if (rowDeletion !== undefined) return rowDeletion;
  if (!tr.steps.every((step) => step instanceof ReplaceStep)) return null;
  if (replacesApart(tr)) {
    const recorded = recordStepByStep(tr, state, (single, before) => recordReplacement(single, before, context, date));
    return recorded && carryOver(tr, recorded);
  }
  return carryOver(tr, recordReplacement(tr, state, context, date));
}

// The transaction that records the replacements of `tr` (one range around all its steps), with the caret where the edit leaves it.
function recordReplacement(tr: Transaction, state: EditorState, context: SuggestContext, date: string): Transaction {
  const range = changedRange(tr);
  const out = state.tr;
  const author = context.author;
  const newChange = (): TrackedChangeAttrs => ({ id: context.newId(), author, date, move: null });
  const structure = (kind: StructureChange['kind']): StructureChange => ({ kind, id: context.newId(), author, date });

  // Word puts inserted text after the text it replaces.
  const insertAt = range.toOld;
  const splitMark = out.doc.resolve(insertAt).parent.attrs['markChange'] as StructureChange | null | undefined;
  if (insertsContent(tr.doc, range.from, range.toNew)) out.replace(insertAt, insertAt, tr.doc.slice(range.from, range.toNew));
  const insertedTo = out.mapping.map(insertAt, 1);
  keepSplitMark(out, insertedTo, splitMark);
  if (insertedTo > insertAt) markInserted(out, insertAt, insertedTo, () => ownNeighbour(out.doc, insertAt, insertedTo, 'insertion', author) ?? newChange(), structure);
  const stepsBeforeDeleting = out.steps.length;
  if (range.toOld > range.from) markDeleted(out, range.from, range.toOld, () => ownNeighbour(out.doc, range.from, range.toOld, 'deletion', author) ?? newChange(), author, structure);
  const later = new Mapping(out.mapping.maps.slice(stepsBeforeDeleting));

  let caret = insertedTo > insertAt ? later.map(insertedTo) : isBackspace(state, range.toOld) ? later.map(range.from, -1) : later.map(range.toOld);
  // Backspace or Delete on text already deleted (hidden in simple markup) moves over all of it.
  if (out.steps.length === 0) caret = overDeletedText(out.doc, caret, isBackspace(state, range.toOld) ? -1 : 1);
  out.setSelection(Selection.near(out.doc.resolve(caret), -1));
  return out;
}

// Gives `out` the metas, stored marks and scrolling of the transaction `tr` it records.
function carryOver(tr: Transaction, out: Transaction): Transaction {
  for (const name of CARRIED_METAS) if (tr.getMeta(name) !== undefined) out.setMeta(name, tr.getMeta(name));
  if (tr.storedMarksSet) out.setStoredMarks(tr.storedMarks);
  if (tr.scrolledIntoView) out.scrollIntoView();
  return out;
}

/** `w:date` as Word writes it: ISO 8601 to the second, in UTC. */
export function changeDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// Whether from..to of the new document holds content rather than only the opening of nodes that
// a step replaced to join what was left (deleting a whole paragraph does that): inline content,
// or the end of a node (a new paragraph mark, a new table).
function insertsContent(doc: Node, from: number, to: number): boolean {
  let found = false;
  doc.nodesBetween(from, to, (node, pos) => {
    found ||= node.isInline || (pos + node.nodeSize - 1 >= from && pos + node.nodeSize <= to);
    return !found;
  });
  return found;
}

// The paragraph that ends where the paragraph split by an insertion ended has that paragraph's
// mark, and its change; ProseMirror gives it the attributes of the last inserted paragraph.
function keepSplitMark(out: Transaction, insertedTo: number, splitMark: StructureChange | null | undefined): void {
  const $end = out.doc.resolve(insertedTo);
  if (splitMark === undefined || !$end.parent.isTextblock || !('markChange' in $end.parent.attrs) || $end.parent.attrs['markChange'] === splitMark) return;
  out.setNodeAttribute($end.before(), 'markChange', splitMark);
}

// `change` is asked for only when inline content was inserted, so that a new paragraph mark alone takes one id.
function markInserted(out: Transaction, from: number, to: number, change: () => TrackedChangeAttrs, structure: (kind: 'insertion') => StructureChange): void {
  const { schema } = out.doc.type;
  // Text typed inside deleted text would inherit its deletion; what is inserted is not deleted.
  out.removeMark(from, to, schema.marks['deletion']!);
  let hasInline = false;
  out.doc.nodesBetween(from, to, (node) => !(hasInline ||= node.isInline));
  if (hasInline) out.addMark(from, to, schema.marks['insertion']!.create(change()));
  const doc = out.doc;
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.type.name === 'table_row' && pos >= from && pos + node.nodeSize <= to && 'change' in node.attrs) out.setNodeAttribute(pos, 'change', structure('insertion'));
    if (node.isTextblock && closesWithin(node, pos, from, to) && 'markChange' in node.attrs) out.setNodeAttribute(pos, 'markChange', structure('insertion'));
    return !node.isTextblock;
  });
}

// Own insertions go and own inserted paragraph marks join their paragraphs again; the rest is marked.
function markDeleted(out: Transaction, from: number, to: number, change: () => TrackedChangeAttrs, author: string, structure: (kind: 'deletion') => StructureChange): void {
  const deletion = out.doc.type.schema.marks['deletion']!;
  let mark: Mark | null = null;
  const removals: { from: number; to: number }[] = [];
  const joins: number[] = [];
  const doc = out.doc;
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.isInline) {
      const start = Math.max(pos, from);
      const end = Math.min(pos + node.nodeSize, to);
      if (isOwn(changeMark(node.marks, 'insertion'), author)) removals.push({ from: start, to: end });
      else if (!deletion.isInSet(node.marks)) out.addMark(start, end, (mark ??= deletion.create(change())));
      return false;
    }
    if (node.isTextblock && closesWithin(node, pos, from, to) && 'markChange' in node.attrs) {
      const markChange = node.attrs['markChange'] as StructureChange | null;
      if (markChange?.kind === 'insertion' && markChange.author === author) joins.push(pos + node.nodeSize);
      // Another author's inserted mark stays as it is: a paragraph mark holds one change in the model.
      else if (markChange === null) out.setNodeAttribute(pos, 'markChange', structure('deletion'));
    }
    return true;
  });
  const undone = [...removals.map((removal) => ({ at: removal.from, undo: () => out.delete(removal.from, removal.to) })), ...joins.map((at) => ({ at, undo: () => joinAgain(out, at) }))];
  for (const { undo } of undone.sort((a, b) => b.at - a.at)) undo();
}

// Joins the paragraph ending before `between` to the next; the joined paragraph has the next one's properties, as before the split.
function joinAgain(out: Transaction, between: number): void {
  const next = out.doc.nodeAt(between);
  if (!next || !canJoin(out.doc, between)) return;
  const start = out.doc.resolve(between - 1).before();
  out.join(between);
  out.setNodeMarkup(start, undefined, next.attrs);
}

// The change of the author's text touching the range on either side, which new text of that kind joins.
function ownNeighbour(doc: Node, from: number, to: number, kind: 'insertion' | 'deletion', author: string): TrackedChangeAttrs | null {
  for (const node of [doc.resolve(from).nodeBefore, doc.resolve(to).nodeAfter]) {
    const mark = node ? changeMark(node.marks, kind) : undefined;
    if (isOwn(mark, author) && mark!.attrs['move'] === null) return mark!.attrs as TrackedChangeAttrs;
  }
  return null;
}

// The position past the deleted text next to `pos` in `direction`, within its paragraph.
function overDeletedText(doc: Node, pos: number, direction: -1 | 1): number {
  let at = pos;
  for (;;) {
    const $at = doc.resolve(at);
    const next = direction < 0 ? $at.nodeBefore : $at.nodeAfter;
    if (!next?.isInline || !changeMark(next.marks, 'deletion')) return at;
    at += direction * next.nodeSize;
  }
}

function changeMark(marks: readonly Mark[], kind: 'insertion' | 'deletion'): Mark | undefined {
  return marks.find((mark) => mark.type.name === kind);
}

function isOwn(mark: Mark | undefined, author: string): boolean {
  return mark !== undefined && mark.attrs['author'] === author;
}

// Whether the paragraph mark (the close of the textblock at `pos`) lies in from..to.
function closesWithin(node: Node, pos: number, from: number, to: number): boolean {
  const end = pos + node.nodeSize - 1;
  return end >= from && end + 1 <= to;
}

// Backspace deletes before the caret, and the caret goes before what it marked; Delete and a selection leave it after.
function isBackspace(state: EditorState, deletedTo: number): boolean {
  return state.selection.empty && state.selection.head === deletedTo;
}

// Comments are not tracked changes: their ranges and the document's list of them (a document attribute) apply as made.
function isCommentStep(step: Step): boolean {
  if (step instanceof DocAttrStep) return step.attr === 'comments';
  return (step instanceof AddMarkStep || step instanceof RemoveMarkStep) && step.mark.type.name === 'comment';
}
