import type { Node } from 'prosemirror-model';

/** A cell placed on the table grid. */
export interface PlacedCell {
  readonly node: Node;
  readonly column: number;
  readonly colspan: number;
  readonly rowspan: number;
}

/** A table placed on its grid: each row's own cells and how many empty cells it needs at its end. */
export interface TableLayout {
  readonly columnCount: number;
  readonly rows: readonly { readonly node: Node; readonly cells: readonly PlacedCell[]; readonly padding: number }[];
}

// Word tables have at most 63 columns (a span wider than that cannot be written).
const MAX_COLUMNS = 63;

/**
 * Places the cells of a `table` node on a grid as HTML does (HTML, 4.9.12 "forming a table"): a
 * cell takes the first column not covered by a row span from above, spans never reach past the
 * last row, and rows shorter than the widest are padded so that every row fills the grid.
 */
export function layoutTable(table: Node): TableLayout {
  const rowCount = table.childCount;
  const covered: Set<number>[] = Array.from({ length: rowCount }, () => new Set<number>());
  const placed: PlacedCell[][] = [];
  let columnCount = 0;
  table.forEach((row, _offset, rowIndex) => {
    const cells: PlacedCell[] = [];
    let column = 0;
    row.forEach((cell) => {
      while (covered[rowIndex]!.has(column)) column++;
      const colspan = clamp(cell.attrs['colspan'], MAX_COLUMNS);
      const rowspan = clamp(cell.attrs['rowspan'], rowCount - rowIndex);
      for (let r = rowIndex; r < rowIndex + rowspan; r++) {
        for (let c = column; c < column + colspan; c++) covered[r]!.add(c);
      }
      cells.push({ node: cell, column, colspan, rowspan });
      column += colspan;
      columnCount = Math.max(columnCount, column);
    });
    placed.push(cells);
  });
  return {
    columnCount,
    rows: placed.map((cells, rowIndex) => ({
      node: table.child(rowIndex),
      cells,
      padding: columnCount - covered[rowIndex]!.size,
    })),
  };
}

function clamp(value: unknown, max: number): number {
  const number = typeof value === 'number' && Number.isSafeInteger(value) ? value : 1;
  return Math.max(1, Math.min(number, Math.max(1, max)));
}
