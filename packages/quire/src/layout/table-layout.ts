import type { Node } from 'prosemirror-model';
import { DEFAULT_TABLE_HEADER_LOOK, isRowLeftOutInMarkup } from '../model/index.js';
import type { BorderLine, Borders } from '../model/index.js';
import { fitColumnWidths } from './column-widths.js';
import type { CellPlacement } from './column-widths.js';
import type { BlockFrame } from './paragraph-layout.js';
import type { LayoutContext } from './layout-context.js';
import { paintChangeBar } from './change-bar.js';
import { fillRect, strokeLine } from './paint-op.js';
import type { PaintTarget } from './paint-op.js';
import { sumHeights } from './slice.js';
import type { Slice } from './slice.js';
import type { TextStyle } from './text-style.js';

/** Lays out the blocks of a cell in a frame; supplied by the block layout to avoid a cycle. */
export type CellLayout = (nodes: readonly Node[], frame: BlockFrame) => Slice[];

interface PlacedCell extends CellPlacement {
  readonly slices: Slice[];
  /** `RRGGBB` painted behind the cell, or null. */
  readonly background: string | null;
}

const PADDING = 5.4;
const DEFAULT_LINE: BorderLine = { style: 'single', width: 0.5, color: '000000' };
// A table without borders in the model gets the grid that the DOCX writer's default table style draws.
const DEFAULT_BORDERS: Borders = { top: DEFAULT_LINE, right: DEFAULT_LINE, bottom: DEFAULT_LINE, left: DEFAULT_LINE, insideH: DEFAULT_LINE, insideV: DEFAULT_LINE };

/**
 * Lays out a table as one slice per row (header rows repeated after each page break). A row taller
 * than `frame.maxImageHeight` (the page body) is cut into several slices between the lines of its cells.
 */
export function layoutTable(context: LayoutContext, table: Node, frame: BlockFrame, layoutCell: CellLayout): Slice[] {
  const rows: Node[] = [];
  // Rows the markup takes away (inserted ones, as if rejected) are not set at all.
  table.forEach((row) => {
    if (!isRowLeftOutInMarkup(row, context.markup)) rows.push(row);
  });
  if (rows.length === 0) return [];
  const columnCount = countColumns(table, rows);
  const headerLook = defaultHeaderLook(table);
  const placements = placeCells(rows, columnCount);
  const base = frame.base ?? context.look.body.style;
  const cellStyle = (cell: CellPlacement): TextStyle => ({ ...base, bold: base.bold || (headerLook !== null && cell.row === 0) });
  const columns = fitColumnWidths(context, table, placements, columnCount, frame.width, cellStyle, PADDING);
  const offsets = columns.reduce<number[]>((acc, width) => [...acc, (acc.at(-1) ?? 0) + width], [0]);
  const cells: PlacedCell[] = placements.map((cell) => {
    const width = (offsets[Math.min(cell.column + cell.colspan, columns.length)] ?? 0) - (offsets[cell.column] ?? 0);
    const inner: BlockFrame = {
      ...frame,
      wrap: undefined,
      left: 0,
      width: Math.max(width - 2 * PADDING, 6),
      defaultSpacing: { before: 0, after: 0 },
      outline: false,
      listIndent: 0,
      ...(headerLook && cell.row === 0 ? { strong: true } : {}),
    };
    const content: Node[] = [];
    cell.node.forEach((child) => content.push(child));
    const background = (cell.node.attrs['background'] as string | null) ?? (headerLook && cell.row === 0 ? headerLook.background : null);
    return { ...cell, background, slices: layoutCell(content, inner) };
  });
  const heights = rows.map((row) => Math.max(Number(row.attrs['height'] ?? 0) / 20, 0));
  for (const cell of cells) {
    if (cell.rowspan === 1) heights[cell.row] = Math.max(heights[cell.row] ?? 0, sumHeights(cell.slices) + 2);
  }
  for (const cell of cells) {
    if (cell.rowspan === 1) continue;
    const last = Math.min(cell.row + cell.rowspan, rows.length) - 1;
    const spanned = heights.slice(cell.row, last + 1).reduce((a, b) => a + b, 0);
    const need = sumHeights(cell.slices) + 2 - spanned;
    if (need > 0) heights[last] = (heights[last] ?? 0) + need;
  }
  // Rows joined by a vertically merged cell move to a new page together: the merged cell is
  // painted with its first row, and cannot continue on the next page.
  const joined = rows.map(() => false);
  for (const cell of cells) for (let r = cell.row; r < cell.row + cell.rowspan - 1; r += 1) joined[r] = true;
  const tableBorders = (table.attrs['borders'] as Borders | null) ?? DEFAULT_BORDERS;
  const pageLimit = frame.maxImageHeight;
  const headerSlices: Slice[] = [];
  const slices: Slice[] = [];
  rows.forEach((row, r) => {
    const isHeader = row.attrs['header'] === true && headerSlices.length === r;
    const rowCells = cells.filter((cell) => cell.row === r);
    const height = heights[r] ?? 0;
    const spanHeight = (cell: PlacedCell): number => heights.slice(cell.row, cell.row + cell.rowspan).reduce((a, b) => a + b, 0);
    const changed = context.markup === 'all' && row.attrs['change'] != null;
    const paintRow = (parts: ReadonlyMap<PlacedCell, Slice[]>, partHeight: number, full: boolean) => (target: PaintTarget, x: number, top: number) => {
      if (changed) paintChangeBar(target, top, partHeight);
      for (const cell of rowCells) {
        const left = x + frame.left + (offsets[cell.column] ?? 0);
        const width = (offsets[Math.min(cell.column + cell.colspan, columns.length)] ?? 0) - (offsets[cell.column] ?? 0);
        const cellHeight = full ? spanHeight(cell) : partHeight;
        const background = cell.background;
        if (background && /^[0-9A-Fa-f]{6}$/.test(background)) fillRect(target, left, top, width, cellHeight, background);
        const content = parts.get(cell) ?? [];
        const align = cell.node.attrs['verticalAlign'] as string | null;
        const free = Math.max(cellHeight - sumHeights(content) - 2, 0);
        let y = top + 1 + (full && align === 'center' ? free / 2 : full && align === 'bottom' ? free : 0);
        for (const slice of content) {
          slice.paint(target, left + PADDING, y);
          y += slice.height;
        }
        paintBorders(target, cellBorders(cell, tableBorders, rows.length, columns.length), left, top, width, cellHeight);
      }
    };
    if (height <= pageLimit || isHeader) {
      const parts = new Map(rowCells.map((cell) => [cell, cell.slices]));
      const footnotes = rowCells.flatMap((cell) => cell.slices.flatMap((slice) => slice.footnotes ?? []));
      const slice: Slice = {
        height,
        start: { node: row, offset: 0 },
        paint: paintRow(parts, height, true),
        ...(isHeader ? { keepWithNext: true } : { repeat: headerSlices, keepWithNext: joined[r] === true }),
        ...(footnotes.length > 0 ? { footnotes } : {}),
      };
      (isHeader ? headerSlices : slices).push(slice);
      if (isHeader) slices.push(slice);
      return;
    }
    const limit = Math.max(pageLimit - sumHeights(headerSlices) - 4, 24);
    const chunks = new Map(rowCells.map((cell) => [cell, splitSlices(cell.slices, limit)]));
    const count = Math.max(1, ...[...chunks.values()].map((list) => list.length));
    for (let k = 0; k < count; k += 1) {
      const parts = new Map(rowCells.map((cell) => [cell, chunks.get(cell)?.[k] ?? []]));
      const partHeight = Math.max(...[...parts.values()].map((list) => sumHeights(list) + 2), 2);
      const footnotes = [...parts.values()].flatMap((list) => list.flatMap((slice) => slice.footnotes ?? []));
      // A row cut between lines continues on a page from the first line of its first cell there,
      // and its other cells from their own first lines there.
      const starts = [...parts.values()].flatMap((list) => list.find((slice) => slice.start)?.start ?? []);
      const start = k === 0 ? { node: row, offset: 0 } : starts[0] && { ...starts[0], alongside: starts.slice(1) };
      slices.push({ height: partHeight, ...(start ? { start } : {}), paint: paintRow(parts, partHeight, false), repeat: headerSlices, ...(footnotes.length > 0 ? { footnotes } : {}) });
    }
  });
  return slices;
}

/** Splits slices into consecutive groups no taller than `limit` (a single taller slice gets its own group). */
export function splitSlices(slices: readonly Slice[], limit: number): Slice[][] {
  const groups: Slice[][] = [];
  let current: Slice[] = [];
  let height = 0;
  for (const slice of slices) {
    if (height + slice.height > limit && current.length > 0) {
      groups.push(current);
      current = [];
      height = 0;
    }
    current.push(slice);
    height += slice.height;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function countColumns(table: Node, rows: readonly Node[]): number {
  let count = 0;
  rows[0]?.forEach((cell) => { count += Number(cell.attrs['colspan']) || 1; });
  const declared = table.attrs['columnWidths'] as readonly number[] | null;
  return Math.max(count, declared?.length ?? 0, 1);
}

// Header rows of a table without a style of its own look as the DOCX writer's default table style makes them.
function defaultHeaderLook(table: Node): typeof DEFAULT_TABLE_HEADER_LOOK | null {
  return table.attrs['styleId'] === null && table.firstChild?.attrs['header'] === true ? DEFAULT_TABLE_HEADER_LOOK : null;
}

function placeCells(rows: readonly Node[], columnCount: number): CellPlacement[] {
  const occupied = new Set<string>();
  const cells: CellPlacement[] = [];
  rows.forEach((row, r) => {
    let column = 0;
    row.forEach((node) => {
      while (occupied.has(`${r}:${column}`)) column += 1;
      if (column >= columnCount) return;
      const colspan = Math.min(Math.max(Number(node.attrs['colspan']) || 1, 1), columnCount - column);
      const rowspan = Math.min(Math.max(Number(node.attrs['rowspan']) || 1, 1), rows.length - r);
      for (let dr = 0; dr < rowspan; dr += 1) for (let dc = 0; dc < colspan; dc += 1) occupied.add(`${r + dr}:${column + dc}`);
      cells.push({ node, row: r, column, colspan, rowspan });
      column += colspan;
    });
  });
  return cells;
}

function cellBorders(cell: PlacedCell, table: Borders, rowCount: number, columnCount: number): Borders {
  const own = (cell.node.attrs['borders'] as Borders | null) ?? {};
  const top = cell.row === 0 ? table.top : table.insideH;
  const bottom = cell.row + cell.rowspan >= rowCount ? table.bottom : table.insideH;
  const left = cell.column === 0 ? table.left : table.insideV;
  const right = cell.column + cell.colspan >= columnCount ? table.right : table.insideV;
  return {
    ...(own.top ?? top ? { top: own.top ?? top } : {}),
    ...(own.bottom ?? bottom ? { bottom: own.bottom ?? bottom } : {}),
    ...(own.left ?? left ? { left: own.left ?? left } : {}),
    ...(own.right ?? right ? { right: own.right ?? right } : {}),
  };
}

function paintBorders(target: PaintTarget, borders: Borders, x: number, y: number, width: number, height: number): void {
  const edge = (line: BorderLine | undefined, x1: number, y1: number, x2: number, y2: number): void => {
    if (!line || line.style === 'none' || line.width <= 0) return;
    const color = /^[0-9A-Fa-f]{6}$/.test(line.color) ? line.color : '000000';
    const width = Math.min(line.width, 6);
    const dash = line.style === 'dashed' ? { length: 3, space: 2 } : line.style === 'dotted' ? { length: 1, space: 1 } : null;
    if (line.style === 'double') {
      // Two lines of the border's width with as much space between them, centred on the edge (ECMA-376 Part 1, 17.18.2 ST_Border).
      const [dx, dy] = y1 === y2 ? [0, width] : [width, 0];
      strokeLine(target, x1 - dx, y1 - dy, x2 - dx, y2 - dy, width, color);
      strokeLine(target, x1 + dx, y1 + dy, x2 + dx, y2 + dy, width, color);
      return;
    }
    strokeLine(target, x1, y1, x2, y2, width, color, dash);
  };
  edge(borders.top, x, y, x + width, y);
  edge(borders.bottom, x, y + height, x + width, y + height);
  edge(borders.left, x, y, x, y + height);
  edge(borders.right, x + width, y, x + width, y + height);
}
