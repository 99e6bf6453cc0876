import { TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { addColumnAfter, addColumnBefore, deleteColumn, findTable, TableMap } from 'prosemirror-tables';
import { GRID_BORDERS } from '../view/table-borders.js';
import { columnWidths } from '../view/nodes/table-views.js';
import { textWidthAt } from '../view/render-context.js';

/** Inserts a table of `rows` × `columns` empty cells with Word's Table Grid borders, as wide as the text, and puts the cursor in its first cell. */
export function insertTable(rows: number, columns: number): Command {
  return (state, dispatch) => {
    if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 1 || columns < 1 || rows > 500 || columns > 63) return false;
    const { table, table_row: row, table_cell: cell, paragraph } = state.schema.nodes;
    if (!table || !row || !cell || !paragraph) return false;
    const width = Math.floor(textWidthAt(state.selection.$from) / columns);
    const cells = () => Array.from({ length: columns }, () => cell.create({ colwidth: [width] }, paragraph.create()));
    const node = table.create({ columnWidths: new Array<number>(columns).fill(width), borders: GRID_BORDERS }, Array.from({ length: rows }, () => row.create(null, cells())));
    if (state.selection.$from.parent.type.spec.code) return false;
    if (dispatch) {
      const before = state.selection.from;
      const tr = state.tr.replaceSelectionWith(node);
      let tablePos = -1;
      tr.doc.nodesBetween(tr.mapping.map(before, -1), tr.doc.content.size, (child, pos) => {
        if (tablePos >= 0) return false;
        if (child.type === table) tablePos = pos;
        return tablePos < 0;
      });
      if (tablePos >= 0) tr.setSelection(TextSelection.near(tr.doc.resolve(tablePos + 4)));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/**
 * Wraps a column command of prosemirror-tables so that the grid stays whole: a new column takes
 * the width of the one it was added beside, the widths are scaled so that the table keeps its
 * width, and the table's `columnWidths` and every cell's `colwidth` are written from them.
 */
function keepingColumnWidths(command: Command): Command {
  return (state, dispatch) => {
    // A dry run (the toolbar asks on every transaction) measures nothing.
    if (!dispatch) return command(state);
    const before = findTable(state.selection.$from);
    const total = before ? sum(columnWidths(before.node)) : null;
    return command(state, (tr) => dispatch(syncColumnWidths(tr, total)));
  };
}

/** Adds a column left of the selected cells. */
export const addColumnLeft: Command = keepingColumnWidths(addColumnBefore);
/** Adds a column right of the selected cells. */
export const addColumnRight: Command = keepingColumnWidths(addColumnAfter);
/** Deletes the selected columns. */
export const removeColumns: Command = keepingColumnWidths(deleteColumn);

function syncColumnWidths(tr: Transaction, total: number | null): Transaction {
  const found = findTable(tr.selection.$from);
  if (!found) return tr;
  const { node: table, pos } = found;
  const widths = columnWidths(table);
  if (widths.length === 0) return tr;
  // A new column has no width yet: it takes its neighbour's.
  for (let column = 0; column < widths.length; column++) {
    if (widths[column] === null) widths[column] = widths[column - 1] ?? widths.slice(column + 1).find((width) => width !== null) ?? 1440;
  }
  const known = widths as number[];
  const scale = total !== null && total > 0 ? total / sum(known)! : 1;
  const scaled = known.map((width) => Math.max(1, Math.round(width * scale)));
  const map = TableMap.get(table);
  const start = pos + 1;
  const seen = new Set<number>();
  for (const cellPos of map.map) {
    if (seen.has(cellPos)) continue;
    seen.add(cellPos);
    const cell = table.nodeAt(cellPos);
    if (!cell) continue;
    const { left, right } = map.findCell(cellPos);
    const colwidth = scaled.slice(left, right);
    if (!sameWidths(cell.attrs['colwidth'], colwidth)) tr.setNodeMarkup(start + cellPos, undefined, { ...cell.attrs, colwidth });
  }
  return tr.setNodeMarkup(pos, undefined, { ...tr.doc.nodeAt(pos)!.attrs, columnWidths: scaled });
}

function sum(widths: readonly (number | null)[]): number | null {
  if (widths.length === 0 || widths.some((width) => width === null)) return null;
  return (widths as number[]).reduce((total, width) => total + width, 0);
}

function sameWidths(a: unknown, b: readonly number[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((width, index) => width === b[index]);
}

/** Returns whether the selection is in a table. */
export function inTable(state: EditorState): boolean {
  return findTable(state.selection.$from) !== null;
}
