import type { Node } from 'prosemirror-model';
import { AuthorColourSlots, documentAuthors } from '../model/index.js';
import type { ReviewComment } from '../model/index.js';
import { readDocumentLook } from './document-look.js';
import { LayoutContext } from './layout-context.js';
import type { LayoutOptions } from './layout-document.js';
import { breakLines } from './line-layout.js';
import type { Line, Piece } from './line-layout.js';
import { fillRect, strokeLine } from './paint-op.js';
import type { PaintOp, PaintTarget } from './paint-op.js';
import type { LaidOutPage, MarkupArea } from './paginate.js';
import { BODY_STYLE, drawnSize } from './text-style.js';
import type { TextStyle } from './text-style.js';

/**
 * The width of the comment margin right of each page, in the page's points: Word's balloon area
 * (its default is 3.7 in; 3 in here), which a painter shrinks with the page onto the same paper.
 */
export const COMMENT_MARGIN_WIDTH = 216;
const INSET = 12;
const PADDING = 4;
const GAP = 6;
const REPLY_INDENT = 10;
const TEXT: TextStyle = { ...BODY_STYLE, size: 9 };
const AUTHOR: TextStyle = { ...TEXT, bold: true };
const NOTE: TextStyle = { ...TEXT, color: '5F6368' };

/** A comment and its replies (`parentId`, a reply to a reply too), in the file's order. */
interface Thread {
  readonly comments: readonly ReviewComment[];
}

/** A balloon to set on a page: its thread, where its range starts, and its laid-out lines. */
interface Balloon {
  readonly anchor: { readonly x: number; readonly y: number } | null;
  readonly colour: string;
  readonly resolved: boolean;
  readonly rows: readonly { readonly line: Line; readonly indent: number; readonly height: number }[];
  readonly height: number;
}

/**
 * Returns the pages of `doc` laid out in `all` markup (see `layoutDocument`) with its comments in a
 * margin right of each page, as Word prints all markup:
 * one balloon per thread (replies under their parent, a resolved thread greyed and said to be
 * resolved) with each comment's author, date and text, at the height of the first line of its
 * range (the `comment` paint ops), pushed down under the balloon above and up from the page's foot
 * where they would overlap, and a dotted line from the range to it. A thread whose range is on no
 * page follows the balloon before it. Every page gets the margin once one comment is shown, so
 * that all pages are shrunk alike; without comments the pages are returned as they are. The
 * comment text is measured with `options`' fonts. Apart from `layoutDocument`, so that a painter
 * without a margin (the editor's pages) does not load it.
 */
export function placeCommentMargins(doc: Node, pages: readonly LaidOutPage[], comments: readonly ReviewComment[], options: Pick<LayoutOptions, 'catalog' | 'measurer'>): readonly LaidOutPage[] {
  if (comments.length === 0 || pages.length === 0) return pages;
  const context = new LayoutContext(options.catalog, options.measurer, () => undefined, readDocumentLook(doc));
  context.authorColours = new AuthorColourSlots(documentAuthors(doc));
  const anchors = findAnchors(pages);
  const width = COMMENT_MARGIN_WIDTH - 2 * INSET;
  const perPage = pages.map(() => [] as { balloon: Balloon; y: number }[]);
  let previous = { page: 0, y: 0 };
  for (const thread of threadsOf(comments)) {
    const anchor = thread.comments.map((comment) => anchors.get(comment.id)).find((found) => found !== undefined) ?? null;
    const at = anchor ?? previous;
    previous = { page: at.page, y: at.y };
    perPage[at.page]!.push({ balloon: layoutBalloon(context, thread, width, anchor && { x: anchor.x, y: anchor.y }), y: at.y });
  }
  // Balloons go down the page in the order of their ranges (a sort keeps the file's order on a tie).
  return pages.map((page, index) => ({ ...page, markupArea: paintArea(page, perPage[index]!.sort((a, b) => a.y - b.y).map(({ balloon }) => balloon)) }));
}

// The first place each comment's range is painted, in page order.
function findAnchors(pages: readonly LaidOutPage[]): Map<string, { page: number; x: number; y: number }> {
  const anchors = new Map<string, { page: number; x: number; y: number }>();
  pages.forEach((page, index) => {
    for (const op of page.ops) if (op.kind === 'comment' && !anchors.has(op.id)) anchors.set(op.id, { page: index, x: op.x, y: op.y });
  });
  return anchors;
}

function threadsOf(comments: readonly ReviewComment[]): Thread[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const rootOf = (comment: ReviewComment): ReviewComment => {
    const seen = new Set([comment.id]);
    let current = comment;
    for (;;) {
      const parent = current.parentId === null ? undefined : byId.get(current.parentId);
      if (!parent) return current;
      // A cycle of parents has no root: each of its comments stands alone.
      if (seen.has(parent.id)) return comment;
      seen.add(parent.id);
      current = parent;
    }
  };
  const threads = new Map<ReviewComment, ReviewComment[]>();
  for (const comment of comments) {
    const root = rootOf(comment);
    if (!threads.has(root)) threads.set(root, []);
    if (root !== comment) threads.get(root)!.push(comment);
  }
  // Threads in the order of their first comments in the file, each reply after it.
  return comments.filter((comment) => threads.has(comment)).map((root) => ({ comments: [root, ...threads.get(root)!] }));
}

function layoutBalloon(context: LayoutContext, thread: Thread, width: number, anchor: Balloon['anchor']): Balloon {
  const head = thread.comments[0]!;
  const rows: { line: Line; indent: number; height: number }[] = [];
  const add = (pieces: Piece[], indent: number) => {
    for (const line of breakLines(context, pieces, () => width - 2 * PADDING - indent, TEXT).lines) rows.push({ line, indent, height: line.ascent + line.descent + line.gap });
  };
  thread.comments.forEach((comment, index) => {
    const indent = index === 0 ? 0 : REPLY_INDENT;
    const date = formatDate(comment.date);
    const state = index === 0 && comment.done ? ' \u00b7 Resolved' : '';
    add([{ kind: 'text', text: comment.author || 'Unknown author', style: AUTHOR }, { kind: 'text', text: `${date ? `  ${date}` : ''}${state}`, style: NOTE }], indent);
    for (const paragraph of comment.paragraphs.length > 0 ? comment.paragraphs : ['']) add([{ kind: 'text', text: paragraph, style: TEXT }], indent);
  });
  const height = rows.reduce((sum, row) => sum + row.height, 2 * PADDING);
  return { anchor, colour: context.authorColours.colourOf(head.author), resolved: head.done, rows, height };
}

// The date as written, to the minute: `2025-06-07 11:20` (ISO 8601 dates are UTC or carry their offset).
function formatDate(date: string | null): string {
  if (!date) return '';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(date);
  return match ? `${match[1]} ${match[2]}` : date.slice(0, 40);
}

function paintArea(page: LaidOutPage, balloons: readonly Balloon[]): MarkupArea {
  const ops: PaintOp[] = [];
  const target: PaintTarget = { ops, geometry: page.geometry, bodyBottom: page.geometry.height };
  const left = page.geometry.width + INSET;
  const tops = stack(balloons, page.geometry.height);
  balloons.forEach((balloon, index) => {
    const top = tops[index]!;
    const colour = balloon.resolved ? '9AA0A6' : balloon.colour;
    const width = COMMENT_MARGIN_WIDTH - 2 * INSET;
    if (balloon.anchor) {
      const dots = { length: 1, space: 1.5 };
      strokeLine(target, balloon.anchor.x, balloon.anchor.y, page.geometry.width, balloon.anchor.y, 0.5, colour, dots);
      strokeLine(target, page.geometry.width, balloon.anchor.y, left, top + PADDING, 0.5, colour, dots);
    }
    fillRect(target, left, top, width, balloon.height, balloon.resolved ? 'F1F3F4' : tint(colour));
    for (const [x1, y1, x2, y2] of [[left, top, left + width, top], [left + width, top, left + width, top + balloon.height], [left + width, top + balloon.height, left, top + balloon.height], [left, top + balloon.height, left, top]] as const) {
      strokeLine(target, x1, y1, x2, y2, 0.75, colour);
    }
    let y = top + PADDING;
    for (const { line, indent, height } of balloon.rows) {
      const baseline = y + line.ascent;
      for (const fragment of line.fragments) {
        if (fragment.kind !== 'text') continue;
        const color = balloon.resolved ? '5F6368' : fragment.style.color;
        ops.push({ kind: 'text', text: fragment.text, x: left + PADDING + indent + fragment.x, y: baseline, width: fragment.width, file: fragment.file, size: drawnSize(fragment.style), color, wordSpacing: 0, rtl: fragment.level % 2 === 1 });
      }
      y += height;
    }
  });
  return { width: COMMENT_MARGIN_WIDTH, ops };
}

// Each balloon at its range's height, below the one above; those that would run past the page's
// foot are moved up, the last first, as far as the page's top allows.
function stack(balloons: readonly Balloon[], pageHeight: number): number[] {
  const tops: number[] = [];
  let next = INSET;
  for (const balloon of balloons) {
    const top = Math.max(balloon.anchor?.y ?? next, next);
    tops.push(top);
    next = top + balloon.height + GAP;
  }
  let limit = pageHeight - INSET;
  for (let index = balloons.length - 1; index >= 0; index -= 1) {
    const top = Math.max(Math.min(tops[index]!, limit - balloons[index]!.height), INSET);
    tops[index] = top;
    limit = top - GAP;
  }
  return tops;
}

// The author's colour at an eighth on white, behind the balloon's text.
function tint(colour: string): string {
  const channel = (at: number) => Math.round(255 - (255 - parseInt(colour.slice(at, at + 2), 16)) / 8);
  return [0, 2, 4].map((at) => channel(at).toString(16).padStart(2, '0')).join('').toUpperCase();
}
