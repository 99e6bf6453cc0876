import type { Node } from 'prosemirror-model';
import { TableMap } from 'prosemirror-tables';

/**
 * One place of a row as Word stores it, in grid order: a cell that starts in the row, or a cell
 * that continues the vertical merge of a cell above (`w:vMerge` without `restart`), which the
 * model has no node for: the cell above spans the row instead.
 */
export type RowSlot = { readonly kind: 'cell'; readonly node: Node } | { readonly kind: 'merged'; readonly cell: Node; readonly colspan: number };

/**
 * The slots of each row of a table, by row node. A row whose cells the table map does not give
 * back in order (a malformed table) has no entry: it is written as its cells are.
 */
export function tableSlots(table: Node): Map<Node, RowSlot[]> {
  const map = TableMap.get(table);
  const rows: Node[] = [];
  table.forEach((row) => rows.push(row));
  const slots = rows.map((): { column: number; slot: RowSlot }[] => []);
  const seen = new Set<number>();
  for (let row = 0; row < map.height; row++) {
    for (let column = 0; column < map.width; column++) {
      const offset = map.map[row * map.width + column]!;
      const cell = table.nodeAt(offset);
      if (!cell || seen.has(offset) || !String(cell.type.spec['tableRole']).includes('cell')) continue;
      seen.add(offset);
      const rect = map.findCell(offset);
      slots[rect.top]?.push({ column: rect.left, slot: { kind: 'cell', node: cell } });
      for (let below = rect.top + 1; below < rect.bottom; below++) slots[below]?.push({ column: rect.left, slot: { kind: 'merged', cell, colspan: rect.right - rect.left } });
    }
  }
  const byRow = new Map<Node, RowSlot[]>();
  rows.forEach((row, index) => {
    const ordered = slots[index]!.sort((a, b) => a.column - b.column).map(({ slot }) => slot);
    const cells = ordered.flatMap((slot) => (slot.kind === 'cell' ? [slot.node] : []));
    const own: Node[] = [];
    row.forEach((cell) => own.push(cell));
    if (cells.length === own.length && cells.every((cell, at) => cell === own[at])) byRow.set(row, ordered);
  });
  return byRow;
}
