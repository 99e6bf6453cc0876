import type { Node } from 'prosemirror-model';
import { twipsToPixels } from '../../model/units.js';
import { clampLevel } from './paragraph-style.js';
import type { RenderContext } from './render-context.js';

// Running text in the usual Word fonts averages a little under half an em per character, spaces included.
const CHARACTER_EM = 0.45;
// Lists and quotes indent their content by half an inch a level (style.css).
const LEVEL_INDENT_PX = 48;
// Cells keep some room for their padding and borders.
const CELL_PADDING_PX = 15;
// Past this many, a block is counted no further: an estimate only has to be about right.
const MAX_LINES = 100_000;

/**
 * Returns about how many lines of text `node` takes in a text column of the document: its
 * characters at a little under half an em each, its pictures, its rows and items. style.css sizes a block that
 * is off screen (and so not laid out, see `content-visibility`) to this many of its own lines
 * (`--quire-lines`), so that the document is about as tall as it will be before every part of it
 * has been on screen: its scroll bar is right, and jumping to a place lands near it. Once laid
 * out, a block keeps its real size.
 */
export function estimateLines(node: Node, context: RenderContext): number {
  return Math.min(MAX_LINES, Math.max(1, Math.round(linesOf(node, context, twipsToPixels(context.columnWidth)))));
}

// Columns narrower than a level's indent (deep nesting, many table columns) count as that wide.
function linesOf(node: Node, context: RenderContext, width: number): number {
  const column = Math.max(width, LEVEL_INDENT_PX);
  if (node.isTextblock) return node.type.name === 'code_block' ? node.textContent.split('\n').length : textblockLines(node, context, column);
  switch (node.type.name) {
    case 'bullet_list':
    case 'ordered_list':
    case 'blockquote':
      return childLines(node, context, column - LEVEL_INDENT_PX);
    case 'list_item':
    case 'text_box':
      return childLines(node, context, column);
    case 'table':
      return tableLines(node, context, column);
    default:
      return 1;
  }
}

function childLines(node: Node, context: RenderContext, width: number): number {
  let lines = 0;
  node.forEach((child) => {
    if (lines < MAX_LINES) lines += linesOf(child, context, width);
  });
  return lines;
}

function tableLines(table: Node, context: RenderContext, width: number): number {
  let lines = 0;
  table.forEach((row) => {
    if (lines >= MAX_LINES) return;
    const cellWidth = width / Math.max(1, row.childCount) - CELL_PADDING_PX;
    let tallest = 1;
    row.forEach((cell) => {
      tallest = Math.max(tallest, childLines(cell, context, cellWidth));
    });
    lines += tallest;
  });
  return lines;
}

// The characters of a paragraph at its style's size, and its pictures in lines of body text.
function textblockLines(node: Node, context: RenderContext, width: number): number {
  const styleId = node.attrs['styleId'];
  const style = typeof styleId === 'string' ? context.paragraphStyles.get(styleId) : undefined;
  const look = style ?? (node.type.name === 'heading' ? context.look.headings[clampLevel(node.attrs['level']) - 1] : undefined) ?? context.look.body;
  const fontPx = (look.size * 96) / 72;
  const perLine = Math.max(8, width / (fontPx * CHARACTER_EM));
  let characters = 0;
  let pictures = 0;
  node.forEach((child) => {
    if (child.isText) characters += child.text?.length ?? 0;
    else if (child.type.name === 'image' && typeof child.attrs['height'] === 'number') pictures += twipsToPixels(child.attrs['height']) / (fontPx * 1.2);
    else characters += 1;
  });
  return Math.max(1, Math.ceil(characters / perLine)) + pictures;
}
