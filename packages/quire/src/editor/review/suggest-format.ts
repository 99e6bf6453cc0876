import type { Mark, Node } from 'prosemirror-model';
import type { Transaction } from 'prosemirror-state';
import { AddMarkStep, AttrStep, RemoveMarkStep, ReplaceAroundStep, type Step } from 'prosemirror-transform';
import {
  isRunFormattingMark,
  listFormatAt,
  paragraphFormatOf,
  sameParagraphFormat,
  sameRunFormatting,
  storeMarks,
  type ParagraphFormatChange,
  type RunFormatChange,
} from '../../model/review/format-change.js';

/** Who records a format change, and when: the author, the date as `w:date` writes it, and a source of new ids. */
export interface FormatSuggestContext {
  readonly author: string;
  readonly date: string;
  readonly newId: () => string;
}

/** Whether a step adds or removes run formatting (not a link, a tracked change or a comment range). */
export function isFormattingMarkStep(step: Step): boolean {
  return (step instanceof AddMarkStep || step instanceof RemoveMarkStep) && isRunFormattingMark(step.mark) && step.mark.type.name !== 'link';
}

/**
 * Records a transaction of run formatting steps only (bold, italic, underline, strikethrough) as
 * Word does with Track Changes on (`w:rPrChange`, ECMA-376 Part 1, 17.13.5.31): the text it
 * formatted gets a `formatChange` mark holding the formatting it had before, by the author. Text
 * that already had a change keeps that change's old formatting (and its id, when it is the
 * author's own), so that formatting it back removes the change; so does formatting text back to
 * how it was. The author's own inserted text is only formatted: it is new either way.
 */
export function suggestRunFormatting(tr: Transaction, context: FormatSuggestContext): Transaction {
  const type = tr.doc.type.schema.marks['formatChange']!;
  const ids = new Map<string, string>();
  for (const { from, to } of formattedRanges(tr)) {
    for (const segment of segments(tr.before, tr.doc, from, to)) {
      const existing = segment.old.find((mark) => mark.type === type);
      const ownInsertion = segment.now.some((mark) => mark.type.name === 'insertion' && mark.attrs['author'] === context.author);
      const before = existing ? (existing.attrs as RunFormatChange).before : storeMarks(segment.old);
      if (ownInsertion || sameRunFormatting(segment.now, before)) {
        tr.removeMark(segment.from, segment.to, type);
        continue;
      }
      if (existing && existing.attrs['author'] === context.author) continue;
      const key = JSON.stringify(before);
      if (!ids.has(key)) ids.set(key, context.newId());
      const attrs: RunFormatChange = { id: ids.get(key)!, author: context.author, date: context.date, before, source: null };
      tr.addMark(segment.from, segment.to, type.create(attrs));
    }
  }
  return tr;
}

/**
 * Records a transaction that changes paragraphs' kind, style, attributes or lists and nothing of
 * their text (a paragraph style, an alignment, a list toggled, indented or outdented) as Word does
 * (`w:pPrChange`, ECMA-376 Part 1, 17.13.5.29): each paragraph it changed gets a `formatChange`
 * holding its format before, by the author; a paragraph changed back to its format before the
 * change loses it. Returns null for a transaction that is no such change (it changed text, or
 * added or removed paragraphs), which the caller records otherwise.
 */
export function suggestParagraphFormatting(tr: Transaction, context: FormatSuggestContext): Transaction | null {
  if (!tr.steps.some((step) => step instanceof ReplaceAroundStep || step instanceof AttrStep)) return null;
  const start = tr.before.content.findDiffStart(tr.doc.content);
  const end = tr.before.content.findDiffEnd(tr.doc.content);
  if (start === null || !end) return null;
  const olds = textblocksAround(tr.before, start, Math.max(end.a, start));
  const nows = textblocksAround(tr.doc, start, Math.max(end.b, start));
  if (olds.length !== nows.length || olds.some((old, index) => !old.node.content.eq(nows[index]!.node.content))) return null;
  let formatted = false;
  olds.forEach((old, index) => {
    const now = nows[index]!;
    const oldFormat = paragraphFormatOf(old.node, listFormatAt(old.path));
    const nowFormat = paragraphFormatOf(now.node, listFormatAt(now.path));
    const existing = old.node.attrs['formatChange'] as ParagraphFormatChange | null;
    const before = existing?.before ?? oldFormat;
    formatted ||= !sameParagraphFormat(nowFormat, oldFormat);
    let change: ParagraphFormatChange | null = existing;
    if (sameParagraphFormat(nowFormat, before)) change = null;
    else if (!sameParagraphFormat(nowFormat, oldFormat) && existing?.author !== context.author) {
      change = { id: context.newId(), author: context.author, date: context.date, before, source: null };
    }
    if (now.node.attrs['formatChange'] !== change) tr.setNodeAttribute(now.pos, 'formatChange', change);
  });
  // A change of something else (a table's or a cell's properties) is not a paragraph's to record.
  return formatted ? tr : null;
}

// The ranges of the final document whose run formatting the transaction's steps changed.
function formattedRanges(tr: Transaction): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  tr.steps.forEach((step, index) => {
    if (!(step instanceof AddMarkStep || step instanceof RemoveMarkStep)) return;
    const after = tr.mapping.slice(index + 1);
    const from = after.map(step.from, 1);
    const to = after.map(step.to, -1);
    if (from < to) ranges.push({ from, to });
  });
  return ranges;
}

interface Segment {
  readonly from: number;
  readonly to: number;
  readonly old: readonly Mark[];
  readonly now: readonly Mark[];
}

// The stretches of from..to over which both the old and the new inline nodes stay the same (mark steps move no position).
function segments(before: Node, after: Node, from: number, to: number): Segment[] {
  const found: Segment[] = [];
  before.nodesBetween(from, to, (old, oldPos) => {
    if (!old.isInline) return true;
    const oldFrom = Math.max(from, oldPos);
    const oldTo = Math.min(to, oldPos + old.nodeSize);
    after.nodesBetween(oldFrom, oldTo, (now, nowPos) => {
      if (!now.isInline) return true;
      const segmentFrom = Math.max(oldFrom, nowPos);
      const segmentTo = Math.min(oldTo, nowPos + now.nodeSize);
      if (segmentFrom < segmentTo) found.push({ from: segmentFrom, to: segmentTo, old: old.marks, now: now.marks });
      return false;
    });
    return false;
  });
  return found;
}

interface PlacedTextblock {
  readonly node: Node;
  readonly pos: number;
  /** The nodes from the document down to the textblock's parent. */
  readonly path: readonly Node[];
}

// The textblocks from..to touches, in document order, with the nodes around each.
function textblocksAround(doc: Node, from: number, to: number): PlacedTextblock[] {
  const found: PlacedTextblock[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    const $pos = doc.resolve(pos);
    found.push({ node, pos, path: Array.from({ length: $pos.depth + 1 }, (_, depth) => $pos.node(depth)) });
    return false;
  });
  return found;
}
