/** A cell as a row lists it: how many grid columns it spans and how it merges vertically. */
export interface GridCellInput {
  readonly span: number;
  readonly merge: 'restart' | 'continue' | undefined;
}

/** A row as the table lists it: its cells and the grid columns skipped before the first. */
export interface GridRowInput {
  readonly before: number;
  readonly cells: readonly GridCellInput[];
}

/** Where a cell sits in the grid: `covered` cells continue a merge above them and are not kept. */
export interface GridCell {
  readonly column: number;
  readonly colspan: number;
  rowspan: number;
  readonly covered: boolean;
  /** For a covered cell, the cell whose merge it continues. */
  readonly origin?: GridCell;
}

/**
 * Lays Word's rows onto the table grid and turns vertical merges (`w:vMerge`, ECMA-376 Part 1,
 * 17.4.85) into row spans: a `continue` cell at the column and span of an open merge extends it
 * and is covered; one without an open merge above starts a merge itself, as Word reads it. Rows
 * left without a cell of their own do not count in the spans (the reader leaves them out).
 */
export function layoutTableGrid(rows: readonly GridRowInput[]): GridCell[][] {
  let open = new Map<number, GridCell>();
  const layout = rows.map((row) => {
    const next = new Map<number, GridCell>();
    const cells: GridCell[] = [];
    let column = row.before;
    for (const cell of row.cells) {
      const origin = cell.merge === 'continue' ? open.get(column) : undefined;
      if (origin && origin.colspan === cell.span) {
        origin.rowspan++;
        cells.push({ column, colspan: cell.span, rowspan: 1, covered: true, origin });
        next.set(column, origin);
      } else {
        const placed: GridCell = { column, colspan: cell.span, rowspan: 1, covered: false };
        cells.push(placed);
        if (cell.merge !== undefined) next.set(column, placed);
      }
      column += cell.span;
    }
    open = next;
    return cells;
  });
  // A row whose every cell is covered keeps no cell, so the model has no such row: the merges
  // crossing it span one row less.
  for (const cells of layout) {
    if (cells.length > 0 && cells.every((cell) => cell.covered)) for (const cell of cells) cell.origin!.rowspan--;
  }
  return layout;
}
