import type { Node } from 'prosemirror-model';
import type { Indentation } from '../model/index.js';
import { strokeLine } from './paint-op.js';
import { QUOTE_INDENT, layoutTextblock } from './paragraph-layout.js';
import type { BlockFrame, Marker } from './paragraph-layout.js';
import type { LayoutContext } from './layout-context.js';
import { collapseParagraphSpace, dropEdgeAutoSpace, spacer } from './slice.js';
import type { BlockBox, Slice } from './slice.js';
import type { LayoutCache } from './layout-cache.js';
import type { TextStyle } from './text-style.js';
import { layoutTable } from './table-layout.js';
import { formatListMarker, isLeftOutInMarkup } from '../model/index.js';

const BULLETS = ['\u2022', '\u25e6', '\u25aa'] as const;
// Word's usual list indent, which the DOCX writer uses too: the text half an inch in per level, the marker a quarter inch before it.
const LIST_INDENT = 36;
const MARKER_ROOM = 18;
const MAX_DEPTH = 40;

/**
 * Lays out the blocks of a section's body, taking from `cache` the slices of blocks laid out
 * before in the same frame. A block is laid out afresh, and not kept, where it depends on what
 * comes before it: beside a floating picture of an earlier paragraph, or with a footnote
 * reference (footnotes are numbered in order of reference as the layout goes). A block with page
 * fields is kept with the texts its fields showed, and one with floating pictures with the page
 * turns they had (see `FloatTurn`): it is laid out afresh when they change.
 */
export function layoutBodyBlocks(context: LayoutContext, nodes: readonly Node[], frame: BlockFrame, cache: LayoutCache | undefined): Slice[] {
  if (!cache) return layoutBlocks(context, nodes, frame);
  const { wrap, ...fixed } = frame;
  // The markup changes what a block shows: blocks laid out under another are not taken.
  const frameKey = `${context.markup}${JSON.stringify(fixed)}`;
  const slices: Slice[] = [];
  for (const node of nodes) {
    const { noteReference, fields, floating } = inlineAtoms(node);
    const independent = !wrap?.band && !noteReference;
    const texts = fields.map((field) => context.fieldText(field));
    const turns = floating.map((paragraph) => context.floatTurns.get(paragraph) ?? null);
    const key = fields.length === 0 && floating.length === 0 ? frameKey : `${frameKey}${JSON.stringify([texts, turns])}`;
    const cached = independent ? cache.get(node, key) : undefined;
    if (cached) {
      slices.push(...cached.slices);
      // The spaces before and after are recorded again where the block is painted (or its page taken over).
      for (const [textblock, box] of cached.boxes) {
        box.before = 0;
        box.after = 0;
        context.boxes?.set(textblock, box);
      }
      continue;
    }
    const laidOut = layoutBlock(context, node, frame, 0, undefined);
    slices.push(...laidOut);
    if (independent && !wrap?.band) cache.set(node, { frame: key, slices: laidOut, boxes: boxesOf(context, node) });
  }
  return collapseParagraphSpace(slices);
}

/** Whether a block holds a footnote reference, its page fields, and its textblocks that hold floating pictures. */
interface InlineAtoms {
  readonly noteReference: boolean;
  readonly fields: readonly Node[];
  readonly floating: readonly Node[];
}

// Kept per node (nodes do not change), since every layout of a document being edited asks it of every block.
const atomsOfBlock = new WeakMap<Node, InlineAtoms>();

function inlineAtoms(node: Node): InlineAtoms {
  let atoms = atomsOfBlock.get(node);
  if (!atoms) atomsOfBlock.set(node, (atoms = findInlineAtoms(node)));
  return atoms;
}

function findInlineAtoms(node: Node): InlineAtoms {
  let noteReference = false;
  const fields: Node[] = [];
  const floating = new Set<Node>();
  node.descendants((child, _position, parent) => {
    if (child.type.name === 'footnote_reference') noteReference = true;
    else if (child.type.name === 'field') fields.push(child);
    else if (child.type.name === 'image' && child.attrs['float'] && parent) floating.add(parent);
    return !noteReference;
  });
  return { noteReference, fields, floating: [...floating] };
}

function boxesOf(context: LayoutContext, node: Node): [Node, BlockBox][] {
  const boxes = context.boxes;
  if (!boxes) return [];
  const found: [Node, BlockBox][] = [];
  const add = (textblock: Node) => {
    const box = boxes.get(textblock);
    if (box) found.push([textblock, box]);
  };
  if (node.isTextblock) add(node);
  node.descendants((child) => {
    if (child.isTextblock) add(child);
    return !child.isTextblock;
  });
  return found;
}

/** Lays out a sequence of blocks in `frame`; `depth` bounds nesting of lists and quotes. */
export function layoutBlocks(context: LayoutContext, nodes: readonly Node[], frame: BlockFrame, depth = 0, marker?: Marker): Slice[] {
  const slices: Slice[] = [];
  nodes.forEach((node, index) => {
    slices.push(...layoutBlock(context, node, frame, depth, index === 0 ? marker : undefined));
  });
  return collapseParagraphSpace(slices);
}

function layoutBlock(context: LayoutContext, node: Node, frame: BlockFrame, depth: number, marker: Marker | undefined): Slice[] {
  // Text wraps around a floating image only up to the next table, rule or page break.
  if (frame.wrap && ['table', 'horizontal_rule', 'page_break'].includes(node.type.name)) frame.wrap.band = null;
  // A paragraph whose mark the markup takes away and which shows nothing joins the next: nothing of it is set.
  if (node.isTextblock && context.markup !== 'all' && isLeftOutInMarkup(node, context.markup)) return [];
  switch (node.type.name) {
    case 'paragraph':
      return layoutTextblock(context, node, frame, { base: baseStyle(context, frame), marker });
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs['level']) || 1, 1), 6);
      const look = context.look.headings[level - 1] ?? context.look.body;
      const spaced = { ...frame, defaultSpacing: look.spacing };
      const numbered = withHeadingNumber(node);
      const prefix = numbered.content.size - node.content.size;
      return layoutTextblock(context, numbered, spaced, { base: look.style, marker, outlineLevel: level, source: { node, map: (offset) => offset - prefix } });
    }
    case 'code_block': {
      const { code } = context.look;
      return layoutTextblock(context, node, { ...frame, defaultSpacing: code.spacing }, { base: code.style, marker, background: code.shading });
    }
    case 'opaque_block':
      return layoutTextblock(context, node.type.schema.nodes['paragraph']!.create(null, node.attrs['text'] ? node.type.schema.text(String(node.attrs['text'])) : null), frame, {
        base: baseStyle(context, frame),
        marker,
        source: { node, map: () => 0 },
      });
    case 'blockquote':
      return depth >= MAX_DEPTH ? [] : layoutQuote(context, node, frame, depth, marker);
    case 'bullet_list':
    case 'ordered_list':
      return depth >= MAX_DEPTH ? [] : layoutList(context, node, frame, depth);
    case 'table':
      if (depth >= MAX_DEPTH) return [];
      // Automatic space before a cell's first paragraph and after its last is none.
      return layoutTable(context, node, frame, (cellNodes, cellFrame) =>
        dropEdgeAutoSpace(layoutBlocks(context, cellNodes, cellFrame, depth + 1), { start: true, end: true }),
      );
    case 'horizontal_rule':
      return [
        {
          height: 12,
          start: { node, offset: 0 },
          paint: (target, x, top) => strokeLine(target, x + frame.left, top + 6, x + frame.left + frame.width, top + 6, 0.75, 'A0A0A0'),
        },
      ];
    case 'page_break':
      return [{ ...spacer(0, false), pageBreakBefore: true }];
    default:
      return node.isTextblock ? layoutTextblock(context, node, frame, { base: baseStyle(context, frame), marker }) : layoutBlocks(context, children(node), frame, depth + 1, marker);
  }
}

// Each quote indents what it holds; the textblocks directly in it stand beside Block Text's bar
// (see layoutTextblock). Word draws one bar beside paragraphs that follow one another, through
// the space between them.
function layoutQuote(context: LayoutContext, quote: Node, frame: BlockFrame, depth: number, marker: Marker | undefined): Slice[] {
  const inner: BlockFrame = { ...indented(frame, QUOTE_INDENT / 20), quoted: true };
  const blocks = children(quote);
  const slices = blocks.flatMap((block, index) => {
    const next = blocks[index + 1];
    const barred = block.isTextblock ? { ...inner, quoteBar: { throughSpaceAfter: block.type.name === 'paragraph' && next?.type.name === 'paragraph' } } : inner;
    return layoutBlock(context, block, barred, depth + 1, index === 0 ? marker : undefined);
  });
  return collapseParagraphSpace(slices);
}

function layoutList(context: LayoutContext, list: Node, frame: BlockFrame, depth: number): Slice[] {
  const ordered = list.type.name === 'ordered_list';
  const start = Number(list.attrs['start']) || 1;
  const level = listLevel(depth);
  // A list read from DOCX stands where its numbering level and style put it, measured from the
  // edge the enclosing lists started from; others step in by the writer's indent per level.
  const indent = list.attrs['indent'] as Indentation | null;
  const step = typeof indent?.left === 'number' ? indent.left / 20 - (frame.listIndent ?? 0) : LIST_INDENT;
  const inner: BlockFrame = { ...indented(frame, step), listIndent: (frame.listIndent ?? 0) + step };
  const markerRoom = typeof indent?.hanging === 'number' && indent.hanging > 0 ? indent.hanging / 20 : MARKER_ROOM;
  const style = baseStyle(context, frame);
  const slices: Slice[] = [];
  list.forEach((item, _offset, index) => {
    const checked = item.attrs['checked'] as boolean | null;
    const text =
      checked !== null && checked !== undefined
        ? checked ? '[x]' : '[ ]'
        : ordered ? formatListMarker(list.attrs, start + index) : bulletOf(context, list.attrs['marker'], level, style);
    const width = Math.max(markerRoom, measureMarker(context, text, style) + 4);
    const marker: Marker = { text, style, width };
    const itemFrame = { ...inner, defaultSpacing: { ...inner.defaultSpacing, before: 0, after: 0 } };
    slices.push(...layoutBlocks(context, children(item), itemFrame, depth + 1, marker));
  });
  const after = (frame.defaultSpacing.after ?? 0) / 20;
  if (after > 0 && listLevel(depth) === 0) slices.push(spacer(after, false));
  return slices;
}

// A bullet no embedded font draws (a dingbat such as ➔) would print as a box: the level's usual one stands in.
function bulletOf(context: LayoutContext, marker: unknown, level: number, style: TextStyle): string {
  const usual = BULLETS[level % BULLETS.length] ?? '\u2022';
  if (typeof marker !== 'string' || marker === '') return usual;
  return context.catalog.segment(marker, style.family, style).every((segment) => context.drawsAll(segment.text, segment.file)) ? marker : usual;
}

function listLevel(depth: number): number {
  return depth;
}

function measureMarker(context: LayoutContext, text: string, style: TextStyle): number {
  return context.catalog.segment(text, style.family, style).reduce((sum, segment) => sum + context.measure(segment.text, segment.file, style.size), 0);
}

/** The text style the frame's paragraphs start from: its own (note text) or the body's. */
export function baseStyle(context: LayoutContext, frame: BlockFrame): TextStyle {
  return frame.base ?? context.look.body.style;
}

function indented(frame: BlockFrame, points: number): BlockFrame {
  return { ...frame, left: frame.left + points, width: Math.max(frame.width - points, 24) };
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  node.forEach((child) => out.push(child));
  return out;
}

// A heading numbered through its style shows its number before its text, as Word draws it.
function withHeadingNumber(heading: Node): Node {
  const number = heading.attrs['number'];
  if (typeof number !== 'string' || number === '') return heading;
  return heading.type.create(heading.attrs, heading.content.addToStart(heading.type.schema.text(`${number} `)), heading.marks);
}
