import type { Node } from 'prosemirror-model';
import type { ListNumberFormat } from '../../model/index.js';
import { layoutTextblock } from './paragraph-layout.js';
import type { BlockFrame, Marker } from './paragraph-layout.js';
import type { PdfContext } from './pdf-context.js';
import { spacer } from './slice.js';
import type { Slice } from './slice.js';
import { layoutTable } from './table-layout.js';
import { BODY_STYLE } from './text-style.js';
import type { TextStyle } from './text-style.js';
import { formatListNumber } from './list-markers.js';

/** Heading sizes in points by level, as in Word's built-in Heading 1..6 styles. */
const HEADING_SIZES = [16, 13, 12, 11, 11, 11] as const;
const BULLETS = ['\u2022', 'o', '\u25aa'] as const;
const LIST_INDENT = 18;
const MAX_DEPTH = 40;

/** Lays out a sequence of blocks in `frame`; `depth` bounds nesting of lists and quotes. */
export function layoutBlocks(context: PdfContext, nodes: readonly Node[], frame: BlockFrame, depth = 0, marker?: Marker): Slice[] {
  const slices: Slice[] = [];
  nodes.forEach((node, index) => {
    slices.push(...layoutBlock(context, node, frame, depth, index === 0 ? marker : undefined));
  });
  return slices;
}

function layoutBlock(context: PdfContext, node: Node, frame: BlockFrame, depth: number, marker: Marker | undefined): Slice[] {
  switch (node.type.name) {
    case 'paragraph':
      return layoutTextblock(context, node, frame, { base: BODY_STYLE, marker });
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs['level']) || 1, 1), 6);
      const base: TextStyle = { ...BODY_STYLE, bold: true, size: HEADING_SIZES[level - 1] ?? 11, color: '1F3763' };
      const spaced = { ...frame, defaultSpacing: { before: level === 1 ? 480 : 200, after: 80 } };
      return layoutTextblock(context, node, spaced, { base, marker, outlineLevel: level });
    }
    case 'code_block':
      return layoutTextblock(context, node, { ...frame, defaultSpacing: { before: 0, after: 160 } }, {
        base: { ...BODY_STYLE, family: 'cousine', size: 10 },
        marker,
        background: 'F2F2F2',
      });
    case 'opaque_block':
      return layoutTextblock(context, node.type.schema.nodes['paragraph']!.create(null, node.attrs['text'] ? node.type.schema.text(String(node.attrs['text'])) : null), frame, { base: BODY_STYLE, marker });
    case 'blockquote':
      return depth >= MAX_DEPTH ? [] : layoutBlocks(context, children(node), indented(frame, 36), depth + 1, marker);
    case 'bullet_list':
    case 'ordered_list':
      return depth >= MAX_DEPTH ? [] : layoutList(context, node, frame, depth);
    case 'table':
      return depth >= MAX_DEPTH ? [] : layoutTable(context, node, frame, (cellNodes, cellFrame) => layoutBlocks(context, cellNodes, cellFrame, depth + 1));
    case 'horizontal_rule':
      return [
        {
          height: 12,
          paint: (x, top) => {
            context.pdf.save().lineWidth(0.75).strokeColor('#A0A0A0').moveTo(x + frame.left, top + 6).lineTo(x + frame.left + frame.width, top + 6).stroke().restore();
          },
        },
      ];
    case 'page_break':
      return [{ ...spacer(0, false), pageBreakBefore: true }];
    default:
      return node.isTextblock ? layoutTextblock(context, node, frame, { base: BODY_STYLE, marker }) : layoutBlocks(context, children(node), frame, depth + 1, marker);
  }
}

function layoutList(context: PdfContext, list: Node, frame: BlockFrame, depth: number): Slice[] {
  const ordered = list.type.name === 'ordered_list';
  const start = Number(list.attrs['start']) || 1;
  const format = String(list.attrs['format']) as ListNumberFormat;
  const level = listLevel(depth);
  const inner = indented(frame, LIST_INDENT);
  const slices: Slice[] = [];
  list.forEach((item, _offset, index) => {
    const checked = item.attrs['checked'] as boolean | null;
    const text =
      checked !== null && checked !== undefined
        ? checked ? '[x]' : '[ ]'
        : ordered ? `${formatListNumber(start + index, format)}.` : (typeof list.attrs['marker'] === 'string' ? list.attrs['marker'] : (BULLETS[level % BULLETS.length] ?? '\u2022'));
    const width = Math.max(LIST_INDENT, measureMarker(context, text) + 4);
    const marker: Marker = { text, style: BODY_STYLE, width };
    const itemFrame = { ...inner, defaultSpacing: { ...inner.defaultSpacing, before: 0, after: 0 } };
    slices.push(...layoutBlocks(context, children(item), itemFrame, depth + 1, marker));
  });
  const after = (frame.defaultSpacing.after ?? 0) / 20;
  if (after > 0 && listLevel(depth) === 0) slices.push(spacer(after, false));
  return slices;
}

function listLevel(depth: number): number {
  return depth;
}

function measureMarker(context: PdfContext, text: string): number {
  return context.catalog.segment(text, BODY_STYLE.family, BODY_STYLE).reduce((sum, segment) => sum + context.measure(segment.text, segment.file, BODY_STYLE.size), 0);
}

function indented(frame: BlockFrame, points: number): BlockFrame {
  return { ...frame, left: frame.left + points, width: Math.max(frame.width - points, 24) };
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  node.forEach((child) => out.push(child));
  return out;
}
