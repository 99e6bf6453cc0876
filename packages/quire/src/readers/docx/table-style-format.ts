import type { ConditionalFormat } from './read-styles.js';
import { mergeFormat, type TableStyleFormat } from './style-resolver.js';
import type { TableLook } from './table-properties.js';

/** Where a cell sits in its table, for conditional formatting. */
export interface CellPosition {
  readonly row: number;
  readonly rowCount: number;
  readonly column: number;
  readonly colspan: number;
  readonly columnCount: number;
  /** The row is a header row (`w:tblHeader`). */
  readonly header: boolean;
}

/** The look Word assumes when a table gives none (ECMA-376 Part 1, 17.4.56 defaults). */
export const DEFAULT_TABLE_LOOK: TableLook = { firstRow: true, lastRow: false, firstColumn: true, lastColumn: false, noHBand: false, noVBand: true };

/**
 * Returns the table style's formatting of one cell: the whole-table formatting, then the
 * conditional formats that `look` turns on for its position, in the order of ECMA-376 Part 1,
 * 17.7.6 (bands, first and last column, first and last row, corners). A header row does not get
 * the first-row format: the model's header flag stands for it, and writers give header rows
 * their own look.
 */
export function formatCell(style: TableStyleFormat, look: TableLook, position: CellPosition, rowBandSize: number): ConditionalFormat {
  const firstRow = look.firstRow && position.row === 0;
  const lastRow = look.lastRow && position.row === position.rowCount - 1 && position.rowCount > 1;
  const firstColumn = look.firstColumn && position.column === 0;
  const lastColumn = look.lastColumn && position.column + position.colspan >= position.columnCount;
  const types: string[] = ['wholeTable'];
  if (!look.noVBand && !firstColumn && !lastColumn) {
    const column = position.column - (look.firstColumn ? 1 : 0);
    types.push(column % 2 === 0 ? 'band1Vert' : 'band2Vert');
  }
  if (!look.noHBand && !firstRow && !lastRow) {
    const row = position.row - (look.firstRow ? 1 : 0);
    types.push(Math.floor(row / Math.max(1, rowBandSize)) % 2 === 0 ? 'band1Horz' : 'band2Horz');
  }
  if (firstColumn) types.push('firstCol');
  if (lastColumn) types.push('lastCol');
  const headerRow = firstRow && !position.header;
  if (headerRow) types.push('firstRow');
  if (lastRow) types.push('lastRow');
  if (headerRow && firstColumn) types.push('nwCell');
  if (headerRow && lastColumn) types.push('neCell');
  if (lastRow && firstColumn) types.push('swCell');
  if (lastRow && lastColumn) types.push('seCell');
  let format: ConditionalFormat = style;
  for (const type of types) {
    const conditional = style.conditional.get(type);
    if (conditional) format = mergeFormat(format, conditional);
  }
  return format;
}
