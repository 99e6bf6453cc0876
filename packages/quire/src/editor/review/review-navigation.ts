import type { Node } from 'prosemirror-model';
import { Selection, TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import { findCommentAnchors } from './cards/comment-anchors.js';
import { findChanges } from './list-changes.js';

/** Where Next and Previous stop: a tracked change (a `TrackedChange.id`) or a comment's range (its id). */
export interface ReviewStop {
  readonly kind: 'change' | 'comment';
  readonly id: string;
}

/** A stop with the selection that shows it. */
interface PlacedStop extends ReviewStop {
  readonly from: number;
  readonly to: number;
}

// Headers, footers and notes are edited in the part editor: the body's selection does not go there.
const PARTS = new Set(['header_footer', 'footnote']);

/**
 * Returns the transaction that selects the tracked change or comment range after the selection
 * (`next`) or before it (`previous`), scrolled into view, with the stop it selects; wraps round
 * at the end and the start of the document as Word does; null when the body has none. A move
 * stops at each of its ends; a comment and a change on the same text are one stop, the change.
 * One walk of the document: made for a key or a button, not on every keystroke.
 */
export function goToReviewStop(state: EditorState, direction: 'next' | 'previous'): { tr: Transaction; stop: ReviewStop } | null {
  const stops = placedStops(state.doc);
  if (stops.length === 0) return null;
  const { from, to } = state.selection;
  // Ordered by start, then end: after the selection is what starts after it, or with it and ends later.
  const after = (stop: PlacedStop) => stop.from > from || (stop.from === from && stop.to > to);
  const before = (stop: PlacedStop) => stop.from < from || (stop.from === from && stop.to < to);
  const found = direction === 'next' ? (stops.find(after) ?? stops[0]!) : (stops.slice().reverse().find(before) ?? stops.at(-1)!);
  const tr = state.tr.setSelection(TextSelection.create(state.doc, found.from, found.to)).scrollIntoView();
  return { tr, stop: { kind: found.kind, id: found.id } };
}

// The stops of the body in document order, each as the text selection that shows it.
function placedStops(doc: Node): PlacedStop[] {
  const stops: PlacedStop[] = [];
  for (const { change, pieces } of findChanges(doc)) {
    for (const range of change.ranges) {
      if (inPart(doc, range.from)) continue;
      const target = pieces.find((piece) => piece.from === range.from)?.target ?? 'text';
      stops.push({ kind: 'change', id: change.id, ...selectionOf(doc, target, range.from, range.to) });
    }
  }
  for (const [id, anchor] of findCommentAnchors(doc)) if (!inPart(doc, anchor.from)) stops.push({ kind: 'comment', id, from: anchor.from, to: anchor.to });
  // Sorted by place; of stops on the same text, the first (a change, listed before the comments) stays.
  stops.sort((a, b) => a.from - b.from || a.to - b.to);
  return stops.filter((stop, index) => index === 0 || stop.from !== stops[index - 1]!.from || stop.to !== stops[index - 1]!.to);
}

// A paragraph mark ends no text position: its selection runs from the paragraph's end to the text
// after it, as Word selects the pilcrow; a row's runs over the text of its cells, a paragraph's (a format change) over its text.
function selectionOf(doc: Node, target: 'text' | 'paragraph-mark' | 'row' | 'paragraph', from: number, to: number): { from: number; to: number } {
  if (target === 'text') return { from, to };
  const textAt = (pos: number, direction: 1 | -1) => Selection.findFrom(doc.resolve(pos), direction, true)?.head;
  if (target === 'paragraph-mark') return { from, to: textAt(to, 1) ?? from };
  const start = textAt(from, 1) ?? from;
  return { from: start, to: Math.max(start, textAt(to, -1) ?? start) };
}

function inPart(doc: Node, pos: number): boolean {
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) if (PARTS.has($pos.node(depth).type.name)) return true;
  return false;
}
