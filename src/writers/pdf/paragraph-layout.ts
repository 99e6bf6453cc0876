import type { Node } from 'prosemirror-model';
import type { Indentation, ParagraphAttrs, Spacing } from '../../model/index.js';
import { collectPieces } from './inline-pieces.js';
import { breakLines, justifyLine } from './line-layout.js';
import type { Fragment, Line, Piece } from './line-layout.js';
import type { PdfContext } from './pdf-context.js';
import { spacer } from './slice.js';
import type { Slice } from './slice.js';
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
}

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
}

/** Lays out a paragraph, heading or code block as slices: space before, one slice per line, space after. */
export function layoutTextblock(context: PdfContext, node: Node, frame: BlockFrame, options: TextblockOptions): Slice[] {
  const attrs = node.attrs as Partial<ParagraphAttrs>;
  const indent: Indentation = attrs.indent ?? {};
  const spacing: Spacing = { ...frame.defaultSpacing, ...(attrs.spacing ?? {}) };
  const left = (indent.left ?? 0) / 20;
  const right = (indent.right ?? 0) / 20;
  const first = indent.hanging !== undefined ? -indent.hanging / 20 : (indent.firstLine ?? 0) / 20;
  const available = Math.max(frame.width - left - right, 12);
  const firstWidth = Math.max(available - first, 12);
  const pieces: Piece[] =
    node.type.name === 'code_block'
      ? [{ kind: 'text', text: node.textContent, style: options.base }]
      : collectPieces(context, node, options.base, { width: available, height: frame.maxImageHeight });
  const lines = breakLines(context, pieces, (index) => (index === 0 ? firstWidth : available), options.base);
  const align = attrs.align ?? 'left';
  const slices: Slice[] = [];
  const before = (spacing.before ?? 0) / 20;
  if (before > 0) slices.push(spacer(before));
  const keepAll = attrs.keepNext === true || options.outlineLevel !== undefined;
  lines.forEach((line, index) => {
    const lineLeft = left + (index === 0 ? first : 0);
    const room = (index === 0 ? firstWidth : available) - line.width;
    const isLast = index === lines.length - 1;
    if (align === 'justify' && !isLast) justifyLine(line, room);
    const offset = align === 'right' ? room : align === 'center' ? room / 2 : 0;
    const height = lineHeight(line, spacing);
    const keepWithNext =
      keepAll ||
      (attrs.keepLines === true && !isLast) ||
      (lines.length >= 2 && index === 0) ||
      (lines.length >= 3 && index === lines.length - 2);
    const marker = index === 0 ? options.marker : undefined;
    const background = options.background;
    slices.push({
      height,
      keepWithNext,
      pageBreakBefore: index === 0 && attrs.pageBreakBefore === true,
      ...(line.footnotes.length > 0 ? { footnotes: line.footnotes } : {}),
      ...(index === 0 && options.outlineLevel !== undefined && frame.outline
        ? { outline: { level: options.outlineLevel, title: node.textContent.trim() || ' ' } }
        : {}),
      paint: (x, top) => {
        if (background) context.pdf.save().rect(x, top, frame.width, height).fill(`#${background}`).restore();
        const baseline = top + (height - line.ascent - line.descent) / 2 + line.ascent;
        if (marker) paintMarker(context, marker, x + frame.left + lineLeft - marker.width, baseline);
        paintLine(context, line, x + frame.left + lineLeft + offset, baseline, top, height);
      },
    });
  });
  const after = (spacing.after ?? 0) / 20;
  if (after > 0) slices.push({ ...spacer(after, false), keepWithNext: keepAll });
  return slices;
}

function lineHeight(line: Line, spacing: Spacing): number {
  const natural = line.ascent + line.descent + line.gap;
  const value = spacing.line;
  if (value === undefined || value <= 0) return natural;
  if (spacing.lineRule === 'exact') return value / 20;
  if (spacing.lineRule === 'atLeast') return Math.max(natural, value / 20);
  return natural * Math.min(value / 240, 10);
}

function paintMarker(context: PdfContext, marker: Marker, x: number, baseline: number): void {
  let cursor = x;
  for (const segment of context.catalog.segment(marker.text, marker.style.family, marker.style)) {
    context.useFont(segment.file, marker.style.size);
    context.pdf.fillColor(`#${marker.style.color}`).text(segment.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
    cursor += context.measure(segment.text, segment.file, marker.style.size);
  }
}

function paintLine(context: PdfContext, line: Line, x: number, baseline: number, top: number, height: number): void {
  for (const fragment of line.fragments) paintFragment(context, fragment, line, x, baseline, top, height);
}

function paintFragment(context: PdfContext, fragment: Fragment, line: Line, x: number, baseline: number, top: number, height: number): void {
  const { pdf } = context;
  if (fragment.kind === 'image') {
    fragment.paint(x + fragment.x, baseline - fragment.height);
    return;
  }
  const style = fragment.style;
  if (style.highlight) pdf.save().rect(x + fragment.x, top, fragment.width, height).fill(`#${style.highlight}`).restore();
  context.useFont(fragment.file, drawnSize(style));
  pdf.fillColor(`#${style.color}`);
  const options: PDFKit.Mixins.TextOptions = {
    lineBreak: false,
    baseline: 'alphabetic',
    underline: style.underline,
    strike: style.strike,
    ...(line.wordSpacing > 0 ? { wordSpacing: line.wordSpacing } : {}),
  };
  pdf.text(fragment.text, x + fragment.x, baseline - baselineShift(style), options);
  if (style.link && /^(https?|mailto|ftp):/i.test(style.link)) {
    pdf.link(x + fragment.x, top, fragment.width, height, style.link);
  }
}
