import type { Node } from 'prosemirror-model';
import { extractText, readTabStops, spaceAfter, spaceBefore, WORD_DEFAULT_STYLES } from '../model/index.js';
import type { Indentation, ParagraphAttrs, ParagraphBorder, Spacing } from '../model/index.js';
import { furthestBand } from './float-wrap.js';
import type { FloatImage, WrapState } from './float-wrap.js';
import { groupRows, lineBoxes } from './line-boxes.js';
import { floatsRoom, floatTop, paintFloats, placeFloats } from './paragraph-floats.js';
import { findFloatTurn } from './float-turn.js';
import { collectPieces } from './inline-pieces.js';
import { paintTab } from './paint-tab.js';
import { paintDecorations } from './text-decoration.js';
import { paintChangeBar } from './change-bar.js';
import { COMMENT_SHADE } from './review-style.js';
import { breakLines, justifyLine } from './line-layout.js';
import type { Fragment, Line, Piece } from './line-layout.js';
import type { LayoutContext } from './layout-context.js';
import { fillRect, strokeLine } from './paint-op.js';
import type { Paint, PaintTarget } from './paint-op.js';
import { paragraphSpacer, spacer, sumHeights } from './slice.js';
import type { BlockBox, Slice, SliceStart } from './slice.js';
import type { StyleLook } from './document-look.js';
import { baselineShift, drawnSize } from './text-style.js';
import type { TextStyle } from './text-style.js';

/** Where and how a block is laid out: its width, its left offset, and defaults that depend on the container. */
export interface BlockFrame {
  readonly width: number;
  readonly left: number;
  readonly maxImageHeight: number;
  /** Paragraph spacing used when a paragraph carries none (body text differs from table cells). */
  readonly defaultSpacing: Spacing;
  /** Whether headings here go to the PDF outline (body text only). */
  readonly outline: boolean;
  /** The flow's text wrapping around floating images; without it, such images get a band of their own. */
  readonly wrap?: WrapState | undefined;
  /** Whether the frame is inside a block quote, which indents it by {@link QUOTE_INDENT}. */
  readonly quoted?: boolean;
  /**
   * Set for a textblock directly in a block quote: it stands beside Block Text's bar, a paragraph
   * without a style of its own in Block Text's look; the bar runs beside its space after when
   * the next block is a paragraph too.
   */
  readonly quoteBar?: { readonly throughSpaceAfter: boolean };
  /** Whether its text is set bold whatever its style (the header row of a table in the default style). */
  readonly strong?: boolean;
  /** Points by which the enclosing lists indent the frame: a list's own indent is measured from before them. */
  readonly listIndent?: number;
  /** The text style its paragraphs, list markers and cells start from (note text); the body's when absent. */
  readonly base?: TextStyle;
}

/** The indent of a block quote in twips: Block Text's left indent, half an inch. */
export const QUOTE_INDENT = WORD_DEFAULT_STYLES.quote.indent.left;

/** A list marker to paint in the hanging indent of a paragraph's first line. */
export interface Marker {
  readonly text: string;
  readonly style: TextStyle;
  readonly width: number;
}

/** Options of one textblock's layout beyond its node. */
export interface TextblockOptions {
  readonly base: TextStyle;
  readonly marker?: Marker | undefined;
  readonly background?: string | undefined;
  readonly outlineLevel?: number | undefined;
  /**
   * The document's node the textblock shows, when `node` is a copy with text in front (a heading's
   * number), and how offsets in `node` map to it; `node` itself by default.
   */
  readonly source?: { readonly node: Node; readonly map: (offset: number) => number } | undefined;
}

/** Lays out a paragraph, heading or code block as slices: space before, one slice per line, space after. */
export function layoutTextblock(context: LayoutContext, node: Node, frame: BlockFrame, options: TextblockOptions): Slice[] {
  const attrs = node.attrs as Partial<ParagraphAttrs>;
  // A paragraph that keeps a style with a look of its own (a header or footer style, a quote
  // style) starts from that look; its attributes and marks say only what differs from it. One
  // directly in a block quote without such a style is in Block Text.
  const ownLook = typeof attrs.styleId === 'string' ? context.look.styles.get(attrs.styleId) : undefined;
  const styleLook = ownLook ?? (frame.quoteBar && node.type.name === 'paragraph' ? context.look.quote : undefined);
  // Headings and code blocks directly in a quote keep their look beside Block Text's bar, as the DOCX writer gives them.
  const leftBorder = styleLook ? styleLook.borders?.left : frame.quoteBar ? context.look.quote.borders?.left : undefined;
  const sides: SideBorders = { left: drawnBorder(leftBorder), right: drawnBorder(styleLook?.borders?.right) };
  const styled = styleLook?.style ?? options.base;
  const base = frame.strong ? { ...styled, bold: true } : styled;
  const indent: Indentation = attrs.indent ?? styleIndent(styleLook, frame);
  const spacing: Spacing = { ...frame.defaultSpacing, ...(styleLook?.spacing ?? {}), ...(attrs.spacing ?? {}) };
  // A right-to-left paragraph (w:bidi) starts at the right: its start indent, first line and
  // tab stops are measured from there, the end indent from the left (ECMA-376 Part 1, 17.3.1.12).
  const mirrored = attrs.direction === 'rtl';
  const start = (indent.left ?? 0) / 20;
  const left = mirrored ? (indent.right ?? 0) / 20 : start;
  const right = mirrored ? start : (indent.right ?? 0) / 20;
  const first = indent.hanging !== undefined ? -indent.hanging / 20 : (indent.firstLine ?? 0) / 20;
  const available = Math.max(frame.width - left - right, 12);
  const anchors = Array.isArray(attrs.anchors) ? attrs.anchors.filter((name) => typeof name === 'string') : [];
  const floats: FloatImage[] = [];
  const pieces: Piece[] =
    node.type.name === 'code_block'
      ? [{ kind: 'text', text: node.textContent, style: base, from: { offset: 0, literal: true } }]
      : collectPieces(context, node, base, { width: available, height: frame.maxImageHeight }, floats);
  const slices: Slice[] = [];
  const source = options.source ?? { node, map: (offset: number) => offset };
  const startAt = (offset: number): SliceStart => ({ node: source.node, offset: Math.max(0, source.map(offset)) });
  const before = spaceBefore(spacing) / 20;
  const box = context.boxes ? recordBox(context.boxes, source.node) : undefined;
  if (before > 0) slices.push(paragraphSpacer(before, { side: 'before', auto: spacing.beforeAutospacing === true, box }));
  const topBorder = drawnBorder(styleLook?.borders?.top);
  if (topBorder) slices.push({ ...borderSlice(topBorder, frame.left + left, available, 'top'), start: startAt(0) });
  // Where rows beside an image stand is estimated from the usual line height.
  const rowHeight = nominalLineHeight(context, base, spacing);
  // Pictures text wraps around in the body may go on to the next page, as the last pass found (see FloatTurn).
  const turns = frame.wrap && floats.length > 0 ? context.floatTurns : undefined;
  const turn = turns?.get(source.node);
  const { beside, bands } = placeFloats(floats, { left: frame.left, width: frame.width, wraps: frame.wrap !== undefined }, slices, startAt(0), turn && { turn, rowHeight });
  // Text runs beside the images of the paragraph and the one an earlier paragraph's text still runs beside.
  const carried = frame.wrap?.band;
  const wrapping = carried ? [carried, ...bands] : bands;
  const pitch = { top: sumHeights(slices), height: rowHeight };
  const boxAt = lineBoxes(wrapping, { left, right: left + available, first, firstAtRight: mirrored }, frame.left, pitch);
  const tabs = {
    stops: readTabStops(attrs.tabs),
    lineStart: (index: number) => (mirrored ? frame.width - boxAt(index).x - boxAt(index).width : boxAt(index).x),
    hangingStop: first < 0 ? start : undefined,
  };
  const { lines, rtl } = breakLines(context, pieces, (index) => boxAt(index).width, base, attrs.direction ?? 'auto', tabs, (index) => boxAt(index).beside);
  // A right-to-left paragraph starts at the right margin (UAX #9 P2 gives its direction when the document does not).
  const align = attrs.align ?? styleLook?.align ?? (rtl ? 'right' : 'left');
  const keepAll = attrs.keepNext === true || options.outlineLevel !== undefined;
  // In all markup a changed paragraph mark is marked beside the paragraph's last line, where the mark stands.
  const markChanged = context.markup === 'all' && attrs.markChange != null;
  const background = options.background ?? shadingOf(attrs.shading);
  const rows = groupRows(lines, boxAt);
  // Where the lines start on their page, as the rules that keep lines together place them (not
  // yet the room the pictures ask), says whether the pictures go on to the next page, for the next pass.
  if (turns) slices.push({ ...spacer(0, false), keepWithNext: true, paint: (target, _x, top) => turns.record(source.node, findFloatTurn(floats, target.bodyBottom - top, rowHeight, rows.length)) });
  // Rows beside an image where no side has room stay empty: a gap, with the row below.
  const strips = rows.flatMap((row, rowIndex) => {
    const previousBottom = rowIndex === 0 ? 0 : rows[rowIndex - 1]!.top + pitch.height;
    const gap = row.top - previousBottom > 0.01 ? [{ top: previousBottom, height: row.top - previousBottom, row: null, rowIndex }] : [];
    return [...gap, { top: row.top, height: pitch.height, row, rowIndex }];
  });
  // An image text wraps around goes with the row or gap its top stands beside, so that the lines
  // above it stay where they are when it moves to the next page; the others go with the first.
  let unplaced = beside;
  strips.forEach((strip, index) => {
    const isFirst = index === 0;
    const floating = unplaced.filter((placed) => index === strips.length - 1 || floatTop(placed) < strip.top + strip.height);
    unplaced = unplaced.filter((placed) => !floating.includes(placed));
    const room = floatsRoom(floating, strip.top);
    const paintAbove = (target: PaintTarget, x: number, top: number) => {
      for (const name of isFirst ? anchors : []) target.ops.push({ kind: 'anchor', name, x: x + frame.left, y: top });
      paintFloats(target, floating, x, top - strip.top);
    };
    const leading = {
      pageBreakBefore: isFirst && attrs.pageBreakBefore === true,
      ...(isFirst && options.outlineLevel !== undefined && frame.outline
        ? { outline: { level: options.outlineLevel, title: extractText(node).trim() || ' ' } }
        : {}),
    };
    const { row, rowIndex } = strip;
    if (!row) {
      const next = strips[index + 1]?.row?.placed[0]?.line;
      slices.push({
        ...spacer(strip.height, false),
        ...leading,
        keepWithNext: true,
        ...(room > strip.height ? { reserve: room } : {}),
        ...(next ? { start: startAt(next.offset) } : {}),
        paint: paintAbove,
      });
      return;
    }
    const lead = row.placed[0]!.line;
    const height = Math.max(...row.placed.map(({ line }) => lineHeight(line, spacing)));
    const keepWithNext =
      keepAll ||
      (attrs.keepLines === true && rowIndex < rows.length - 1) ||
      (rows.length >= 2 && rowIndex === 0) ||
      (rows.length >= 3 && rowIndex === rows.length - 2);
    const marker = rowIndex === 0 ? options.marker : undefined;
    const footnotes = row.placed.flatMap(({ line }) => line.footnotes);
    const set = row.placed.map(({ line, box, isLast }) => {
      const room = box.width - line.width;
      if (align === 'justify' && !isLast) justifyLine(line, room);
      const offset = align === 'right' || (align === 'justify' && isLast && rtl) ? room : align === 'center' ? room / 2 : 0;
      return { line, left: box.x + offset, markerLeft: box.x };
    });
    slices.push({
      height,
      start: startAt(lead.offset),
      keepWithNext,
      ...leading,
      ...(room > height ? { reserve: room } : {}),
      ...(lead.columnBreakBefore === true ? { columnBreakBefore: true } : {}),
      ...(footnotes.length > 0 ? { footnotes } : {}),
      paint: (target, x, top) => {
        if (background) fillRect(target, x + frame.left + left, top, available, height, background);
        paintSideBorders(target, sides, x + frame.left + left, available, top, height);
        paintAbove(target, x, top);
        for (const { line, left: lineLeft, markerLeft } of set) {
          const baseline = top + (height - line.ascent - line.descent) / 2 + line.ascent;
          if (marker && line === lead) paintMarker(context, target, marker, x + frame.left + markerLeft - marker.width, baseline);
          paintLine(context, target, line, x + frame.left + lineLeft, baseline, top, height);
        }
        if ((markChanged && rowIndex === rows.length - 1) || set.some(({ line }) => holdsChange(line))) paintChangeBar(target, top, height);
      },
    });
  });
  const bottomBorder = drawnBorder(styleLook?.borders?.bottom);
  if (bottomBorder) slices.push({ ...borderSlice(bottomBorder, frame.left + left, available, 'bottom'), keepWithNext: keepAll });
  const after = spaceAfter(spacing) / 20;
  if (after > 0) {
    // Space after that does not fit at the bottom of a page or column is dropped, not carried to the
    // next one, as Word and LibreOffice do: the next paragraph starts at the top margin.
    const barred = frame.quoteBar?.throughSpaceAfter === true && sides.left !== undefined;
    if (box) box.afterInBar = barred;
    const bar: Paint | undefined = barred ? (target, x, top) => paintSideBorders(target, { left: sides.left }, x + frame.left + left, available, top, after) : undefined;
    slices.push({ ...paragraphSpacer(after, { side: 'after', auto: spacing.afterAutospacing === true, box }, bar), keepWithNext: keepAll });
  }
  if (frame.wrap) frame.wrap.band = furthestBand(wrapping, sumHeights(slices));
  if (box) {
    box.lineHeight = usualHeight(lines.map((line) => textLineHeight(line, spacing)));
    box.lines = lines.length;
  }
  return slices;
}

// A new box for `node`, replacing one of an earlier layout of it (a header laid out per page).
function recordBox(boxes: Map<Node, BlockBox>, node: Node): BlockBox {
  const box: BlockBox = { before: 0, after: 0, lineHeight: 0, lines: 0, afterInBar: false };
  boxes.set(node, box);
  return box;
}

// The height most of the lines have; the first of the tallest on a tie.
function usualHeight(heights: readonly number[]): number {
  const counts = new Map<number, number>();
  let best = heights[0] ?? 0;
  for (const height of heights) {
    const count = (counts.get(height) ?? 0) + 1;
    counts.set(height, count);
    if (count > (counts.get(best) ?? 0) || (count === counts.get(best) && height > best)) best = height;
  }
  return best;
}

function drawnBorder(border: ParagraphBorder | undefined): ParagraphBorder | undefined {
  return border && border.style !== 'none' && border.width > 0 ? border : undefined;
}

// A paragraph's top or bottom border (w:pBdr) across its text width, with its space to the text:
// the line stands at the outer edge of the slice, the space between it and the text.
function borderSlice(border: ParagraphBorder, left: number, width: number, side: 'top' | 'bottom'): Slice {
  const height = border.width + border.space;
  return {
    height,
    keepWithNext: side === 'top',
    paint: (target, x, top) => {
      const y = side === 'top' ? top + border.width / 2 : top + height - border.width / 2;
      strokeBorder(target, border, x + left, y, width, 0);
    },
  };
}

interface SideBorders {
  readonly left?: ParagraphBorder | undefined;
  readonly right?: ParagraphBorder | undefined;
}

// A left or right border (w:pBdr) beside a band of the paragraph, `space` points outside its
// text (ECMA-376 Part 1, 17.3.1.24), so that the text keeps its place.
function paintSideBorders(target: PaintTarget, sides: SideBorders, textLeft: number, textWidth: number, top: number, height: number): void {
  const { left, right } = sides;
  if (left) strokeBorder(target, left, textLeft - left.space - left.width / 2, top, 0, height);
  if (right) strokeBorder(target, right, textLeft + textWidth + right.space + right.width / 2, top, 0, height);
}

// Strokes a border line from (x, y) by (dx, dy), dotted or dashed as its style says.
function strokeBorder(target: PaintTarget, border: ParagraphBorder, x: number, y: number, dx: number, dy: number): void {
  const length = border.style === 'dotted' ? border.width : border.width * 3;
  const dash = border.style === 'dotted' || border.style === 'dashed' ? { length, space: length } : null;
  strokeLine(target, x, y, x + dx, y + dy, border.width, border.color, dash);
}

function shadingOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9A-Fa-f]{6}$/.test(value) ? value : undefined;
}

// In a block quote, a quote style's own left indent stands in for the quote's, as in the editor.
function styleIndent(look: StyleLook | undefined, frame: BlockFrame): Indentation {
  const indent = look?.indent ?? {};
  return frame.quoted && indent.left !== undefined ? { ...indent, left: indent.left - QUOTE_INDENT } : indent;
}

function nominalLineHeight(context: LayoutContext, style: TextStyle, spacing: Spacing): number {
  const file = context.catalog.segment('x', style.family, style)[0]?.file;
  if (!file) return style.size * 1.2;
  const metrics = context.lineMetrics(file, style.size);
  const natural = metrics.ascent + metrics.descent + metrics.gap;
  return Math.max(lineHeightFor(natural, spacing), 1);
}

// Line spacing multiplies the height of the text; a taller image only adds its own excess, as in Word.
// A line is a whole number of twips, rounded up, as LibreOffice lays lines out (Word too, in its own
// units): over hundreds of lines the fractions add up to a line's height and move page breaks.
function lineHeight(line: Line, spacing: Spacing): number {
  const natural = line.ascent + line.descent + line.gap;
  if (spacing.lineRule === 'exact' || spacing.lineRule === 'atLeast') return lineHeightFor(natural, spacing);
  return Math.ceil((lineHeightFor(line.textHeight, spacing) + Math.max(natural - line.textHeight, 0)) * 20 - 1e-6) / 20;
}

// A line's height as its text alone makes it: a picture on the line makes a painter's line taller by itself.
function textLineHeight(line: Line, spacing: Spacing): number {
  if (spacing.lineRule === 'exact' || spacing.lineRule === 'atLeast') return lineHeightFor(line.textHeight, spacing);
  return Math.ceil(lineHeightFor(line.textHeight, spacing) * 20 - 1e-6) / 20;
}

function lineHeightFor(natural: number, spacing: Spacing): number {
  const value = spacing.line;
  if (value === undefined || value <= 0) return natural;
  if (spacing.lineRule === 'exact') return value / 20;
  if (spacing.lineRule === 'atLeast') return Math.max(natural, value / 20);
  return natural * Math.min(value / 240, 10);
}

function paintMarker(context: LayoutContext, target: PaintTarget, marker: Marker, x: number, baseline: number): void {
  let cursor = x;
  const size = drawnSize(marker.style);
  const raised = baseline - baselineShift(marker.style);
  for (const segment of context.catalog.segment(marker.text, marker.style.family, marker.style)) {
    const width = context.measure(segment.text, segment.file, size);
    target.ops.push({ kind: 'text', text: segment.text, x: cursor, y: raised, width, file: segment.file, size, color: marker.style.color, wordSpacing: 0, rtl: false });
    cursor += width;
  }
}

function holdsChange(line: Line): boolean {
  return line.fragments.some((fragment) => fragment.kind !== 'image' && fragment.style.changed === true);
}

function paintLine(context: LayoutContext, target: PaintTarget, line: Line, x: number, baseline: number, top: number, height: number): void {
  for (const fragment of line.fragments) paintFragment(context, target, fragment, line, x, baseline, top, height);
}

function paintFragment(context: LayoutContext, target: PaintTarget, fragment: Fragment, line: Line, x: number, baseline: number, top: number, height: number): void {
  if (fragment.kind === 'image') {
    fragment.paint(target, x + fragment.x, baseline - fragment.height);
    return;
  }
  if (fragment.kind === 'tab') {
    paintTab(context, target, fragment, x + fragment.x, baseline);
    return;
  }
  const style = fragment.style;
  const left = x + fragment.x;
  if (style.highlight) fillRect(target, left, top, fragment.width, height, style.highlight);
  else if (style.comments) fillRect(target, left, top, fragment.width, height, COMMENT_SHADE);
  for (const id of style.comments ?? []) target.ops.push({ kind: 'comment', id, x: left, y: top });
  const y = baseline - baselineShift(style);
  const source = fragment.source !== undefined ? { source: fragment.source } : {};
  target.ops.push({ kind: 'text', text: fragment.text, x: left, y, width: fragment.width, file: fragment.file, size: drawnSize(style), color: style.color, wordSpacing: line.wordSpacing, rtl: fragment.level % 2 === 1, ...source });
  const decorated = { x: left, width: fragment.width, baseline: y, size: drawnSize(style), color: style.color, underline: style.underline, strike: style.strike };
  paintDecorations(target, decorated, context.decorationMetrics(fragment.file));
  const link = style.link;
  if ((link && /^(https?|mailto|ftp):/i.test(link)) || (link?.startsWith('#') && context.anchorNames.has(link.slice(1)))) {
    target.ops.push({ kind: 'link', x: left, y: top, width: fragment.width, height, href: link });
  }
}
