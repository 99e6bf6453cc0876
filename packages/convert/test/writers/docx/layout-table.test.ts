import { describe, expect, it } from 'vitest';
import { table, td, tr } from '../../../../quire/src/model/builders.js';
import { layoutTable } from '../../../src/writers/docx/layout-table.js';

function columns(layout: ReturnType<typeof layoutTable>): number[][] {
  return layout.rows.map((row) => row.cells.map((cell) => cell.column));
}

describe('layoutTable', () => {
  it('places cells after the columns that row spans from above cover', () => {
    const layout = layoutTable(table(tr(td({ rowspan: 2 }, 'a'), td('b'), td('c')), tr(td('d'), td('e'))));
    expect(layout.columnCount).toBe(3);
    expect(columns(layout)).toEqual([[0, 1, 2], [1, 2]]);
    expect(layout.rows.map((row) => row.padding)).toEqual([0, 0]);
  });

  it('pads rows shorter than the widest row', () => {
    const layout = layoutTable(table(tr(td({ colspan: 3 }, 'wide')), tr(td('one'))));
    expect(layout.columnCount).toBe(3);
    expect(layout.rows.map((row) => row.padding)).toEqual([0, 2]);
  });

  it('cuts row spans at the last row and column spans at Word’s 63 columns', () => {
    const layout = layoutTable(table(tr(td({ rowspan: 9, colspan: 500 }, 'x')), tr(td('y'))));
    expect(layout.rows[0]!.cells[0]).toMatchObject({ rowspan: 2, colspan: 63 });
    expect(layout.columnCount).toBe(64);
    expect(columns(layout)).toEqual([[0], [63]]);
  });
});
