import { AlignmentType, Paragraph, ShadingType, Table, TableCell, TableRow, VerticalAlignTable, WidthType, HeightRule } from 'docx';
import type { Node } from 'prosemirror-model';
import type { Borders } from 'quire/model';
import { STYLE_IDS } from './docx-styles.js';
import { writeCellBorders, writeTableBorders } from './write-borders.js';
import { layoutTable } from './layout-table.js';
import { BODY_SCOPE } from './write-context.js';
import type { BlockScope, WriteContext } from './write-context.js';

/** Writes the blocks of a cell or footnote; given by the block writer to avoid an import cycle. */
export type BlockWriter = (content: Node, context: WriteContext, scope: BlockScope) => (Paragraph | Table)[];

// Default cell margins of the Table Grid style, left plus right (see docx-styles).
const CELL_MARGINS = 216;
const MIN_COLUMN_WIDTH = 360;

const ALIGNMENTS = new Map([
  ['left', AlignmentType.LEFT],
  ['center', AlignmentType.CENTER],
  ['right', AlignmentType.RIGHT],
]);

const VERTICAL_ALIGN = new Map([
  ['top', VerticalAlignTable.TOP],
  ['center', VerticalAlignTable.CENTER],
  ['bottom', VerticalAlignTable.BOTTOM],
]);

/**
 * Returns a `table` node as a Word table in the Table Grid style (or the node's own style): a grid
 * of explicit column widths that fits the text width, merged cells, header rows that repeat on
 * each page and turn on the style's first-row look, cell shading, and the node's own borders and
 * alignment where it has them. Where only paragraphs may
 * stand (footnotes), returns the cells' paragraphs instead.
 */
export function writeTable(table: Node, context: WriteContext, scope: BlockScope, writeBlocks: BlockWriter): (Paragraph | Table)[] {
  const cellScope: BlockScope = { ...BODY_SCOPE, inNote: scope.inNote };
  if (scope.inNote) {
    const out: (Paragraph | Table)[] = [];
    table.descendants((node) => {
      if (node.type.name !== 'table_cell') return true;
      out.push(...writeBlocks(node, context, cellScope));
      return false;
    });
    return out;
  }
  const layout = layoutTable(table);
  const widths = readColumnWidths(table, layout.columnCount, context.contentWidth);
  const spanWidth = (column: number, colspan: number): number => widths.slice(column, column + colspan).reduce((sum, width) => sum + width, 0);
  const rows = layout.rows.map(({ node: row, cells, padding }) => {
    const children = cells.map(({ node: cell, column, colspan, rowspan }) => {
      const width = spanWidth(column, colspan);
      const blocks = writeBlocks(cell, { ...context, contentWidth: Math.max(MIN_COLUMN_WIDTH, width - CELL_MARGINS) }, cellScope);
      // A cell must end with a paragraph (ECMA-376 Part 1, 17.4.66).
      if (!(blocks[blocks.length - 1] instanceof Paragraph)) blocks.push(new Paragraph({}));
      const background = cell.attrs['background'];
      const verticalAlign = VERTICAL_ALIGN.get(String(cell.attrs['verticalAlign']));
      const borders = writeCellBorders(cell.attrs['borders'] as Borders | null);
      return new TableCell({
        children: blocks,
        columnSpan: colspan > 1 ? colspan : undefined,
        rowSpan: rowspan > 1 ? rowspan : undefined,
        width: { size: width, type: WidthType.DXA },
        ...(typeof background === 'string' && /^[0-9A-Fa-f]{6}$/.test(background)
          ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: background } }
          : {}),
        ...(verticalAlign ? { verticalAlign } : {}),
        ...(borders ? { borders } : {}),
      });
    });
    for (let index = 0; index < padding; index++) children.push(new TableCell({ children: [new Paragraph({})] }));
    const height = row.attrs['height'];
    return new TableRow({
      children,
      ...(row.attrs['header'] === true ? { tableHeader: true } : {}),
      ...(typeof height === 'number' && height > 0 ? { height: { value: height, rule: HeightRule.ATLEAST } } : {}),
    });
  });
  const firstRowIsHeader = table.firstChild?.attrs['header'] === true;
  const styleId = table.attrs['styleId'];
  const borders = writeTableBorders(table.attrs['borders'] as Borders | null);
  return [
    new Table({
      rows,
      style: typeof styleId === 'string' ? styleId : STYLE_IDS.table,
      columnWidths: widths,
      width: { size: widths.reduce((sum, width) => sum + width, 0), type: WidthType.DXA },
      tableLook: { firstRow: firstRowIsHeader, lastRow: false, firstColumn: false, lastColumn: false, noHBand: true, noVBand: true },
      ...(borders ? { borders } : {}),
      ...(ALIGNMENTS.has(String(table.attrs['align'])) ? { alignment: ALIGNMENTS.get(String(table.attrs['align'])) } : {}),
    }),
  ];
}

// The node's own grid when it matches the layout, scaled down to the text width; else equal columns.
function readColumnWidths(table: Node, columnCount: number, contentWidth: number): number[] {
  const given = table.attrs['columnWidths'];
  if (Array.isArray(given) && given.length === columnCount && given.every((width) => typeof width === 'number' && width > 0)) {
    const total = (given as number[]).reduce((sum, width) => sum + width, 0);
    const scale = total > contentWidth ? contentWidth / total : 1;
    return (given as number[]).map((width) => Math.max(MIN_COLUMN_WIDTH / 2, Math.floor(width * scale)));
  }
  const width = Math.max(MIN_COLUMN_WIDTH, Math.floor(contentWidth / Math.max(1, columnCount)));
  return Array.from({ length: columnCount }, () => width);
}
