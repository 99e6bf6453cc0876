import type { Node } from 'prosemirror-model';
import type { LayoutContext } from './layout-context.js';
import { applyMarks, drawnSize } from './text-style.js';
import type { TextStyle } from './text-style.js';

/** A cell's place in the table grid. */
export interface CellPlacement {
  readonly node: Node;
  readonly row: number;
  readonly column: number;
  readonly colspan: number;
  readonly rowspan: number;
}

/**
 * Returns the widths of a table's columns in points: the table's grid (`columnWidths`, twips), or
 * the text width shared equally without one, scaled down to `available`; then, as Word's and
 * LibreOffice's auto-fit do, a column too narrow for the longest word of one of its cells is
 * widened to fit it, taking the room from the columns wider than their own longest words, then
 * from what the table leaves of `available`. Only when that is not enough is a word broken.
 */
export function fitColumnWidths(
  context: LayoutContext,
  table: Node,
  cells: readonly CellPlacement[],
  columnCount: number,
  available: number,
  cellStyle: (cell: CellPlacement) => TextStyle,
  padding: number,
): number[] {
  const widths = gridWidths(table, columnCount, available);
  const minimums = widths.map(() => 0);
  for (const cell of cells) {
    if (cell.colspan !== 1) continue;
    minimums[cell.column] = Math.max(minimums[cell.column] ?? 0, longestWord(context, cell.node, cellStyle(cell)) + 2 * padding);
  }
  const short = widths.map((width, index) => Math.max((minimums[index] ?? 0) - width, 0));
  const deficit = short.reduce((a, b) => a + b, 0);
  if (deficit <= 0) return widths;
  const slack = widths.map((width, index) => (short[index]! > 0 ? 0 : Math.max(width - (minimums[index] ?? 0), 0)));
  const totalSlack = slack.reduce((a, b) => a + b, 0);
  const taken = Math.min(deficit, totalSlack);
  const room = Math.max(available - widths.reduce((a, b) => a + b, 0), 0);
  const grown = Math.min(deficit - taken, room);
  // Columns short of their words share what was found in proportion to what each lacks.
  const share = (taken + grown) / deficit;
  return widths.map((width, index) => width + short[index]! * share - (totalSlack > 0 ? (slack[index]! / totalSlack) * taken : 0));
}

// The grid as the table gives it, completed with equal shares of the rest, scaled into the text width as LibreOffice does on export.
function gridWidths(table: Node, count: number, available: number): number[] {
  const declared = table.attrs['columnWidths'] as readonly number[] | null;
  let widths = declared && declared.length > 0 ? declared.map((w) => Math.max(w, 0) / 20) : [];
  if (widths.length < count) widths = [...widths, ...new Array<number>(count - widths.length).fill(0)];
  const known = widths.reduce((a, b) => a + b, 0);
  const unknown = widths.filter((w) => w === 0).length;
  const share = unknown > 0 ? Math.max(available - known, unknown * 12) / unknown : 0;
  widths = widths.map((w) => (w === 0 ? share : w));
  const total = widths.reduce((a, b) => a + b, 0);
  return total > available && total > 0 ? widths.map((w) => (w * available) / total) : widths.length > 0 ? widths : [available];
}

// The widest word (text between spaces) of a cell, in points; pictures are scaled to their cell instead.
function longestWord(context: LayoutContext, cell: Node, base: TextStyle): number {
  let widest = 0;
  cell.descendants((node) => {
    if (!node.isText) return true;
    const style = applyMarks(base, node.marks, context.look.fontClasses);
    for (const word of (node.text ?? '').split(/[\s\u200b]+/)) {
      if (word === '') continue;
      const width = context.catalog.segment(word, style.family, style).reduce((sum, segment) => sum + context.measure(segment.text, segment.file, drawnSize(style)), 0);
      widest = Math.max(widest, width);
    }
    return false;
  });
  return widest;
}
