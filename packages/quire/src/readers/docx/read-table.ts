import type { XmlElement } from '@rgrove/parse-xml';
import type { Borders } from '../../model/nodes/table-nodes.js';
import { chooseAlternative } from './alternate-content.js';
import type { StoryState } from './docx-context.js';
import { parseTwips } from './ooxml-values.js';
import {
  mergeBorders,
  readCellProperties,
  readRowProperties,
  readTableProperties,
  type CellProperties,
  type RowProperties,
} from './table-properties.js';
import { addGridGapCell } from './grid-gap-cell.js';
import { layoutTableGrid, type GridCell } from './table-layout.js';
import { DEFAULT_TABLE_LOOK, formatCell } from './table-style-format.js';
import { sourceIdOf, type SourceScope } from './source-elements.js';
import { noteTrackedDeletion } from './tracked-changes.js';

/** Reads the block content of a cell (given by the block reader, which tables are part of). */
export type CellReader = (state: StoryState, cell: XmlElement) => void;

interface RowEntry {
  readonly element: XmlElement;
  readonly props: RowProperties;
  readonly cells: { readonly element: XmlElement; readonly props: CellProperties }[];
}

// Wrappers around rows and cells that are read through: content controls and custom XML.
const MAX_WRAPPERS = 16;

/**
 * Reads a table (`w:tbl`): the grid's column widths, rows (header rows, heights), cells with
 * their spans (`w:gridSpan`, and `w:vMerge` turned into row spans), and the borders, shading and
 * run formatting of the table style (with its conditional formats) under direct formatting.
 * A row tracked as inserted or deleted (`w:trPr/w:ins`, `w:del`) gets its change; one both
 * inserted and deleted (by two authors) holds the deletion, which the pages show as accepted.
 */
export function readTable(state: StoryState, table: XmlElement, readCell: CellReader): void {
  const { names, styles } = state.context;
  const direct = readTableProperties(names.child(table, 'w:tblPr'), names);
  const style = styles.tableStyle(direct.styleId);
  const look = direct.look ?? style.table.look ?? DEFAULT_TABLE_LOOK;
  const rows = collectRows(state, table);
  if (rows.length === 0) return;
  const outerParent = state.sources?.parent ?? null;
  const layout = layoutTableGrid(
    rows.map((row) => ({ before: row.props.gridBefore ?? 0, cells: row.cells.map((cell) => ({ span: cell.props.gridSpan ?? 1, merge: cell.props.verticalMerge })) })),
  );
  const grid = names.childrenNamed(names.child(table, 'w:tblGrid') ?? table, 'w:gridCol').map((column) => parseTwips(names.attr(column, 'w:w')));
  const columnCount = Math.max(grid.length, ...layout.map((cells) => cells.reduce((end, cell) => Math.max(end, cell.column + cell.colspan), 0)));
  const widths = grid.length === columnCount && grid.every((width) => width !== undefined && width > 0) ? (grid as number[]) : null;
  const tableShading = direct.shading ?? style.table.shading;
  const scope = state.sources;
  const within = (parent: string | null): SourceScope | undefined => scope && { ...scope, parent };
  const tableId = sourceIdOf(scope, table, 'tbl');
  // A table in a text box is no textblock of the paragraph the box is anchored in.
  if (scope?.frozen) scope.pieces?.invalidate();

  state.builder.openContainer('table', {
    sourceId: tableId,
    styleId: direct.styleId ?? null,
    columnWidths: widths,
    // A table is drawn with the borders its styles give and none else: Word's default table style
    // (Normal Table) has none, so a table without borders of its own has none (null would get the
    // grid that writers give tables made from Markdown and HTML).
    borders: mergeBorders(style.table.borders, direct.borders) ?? {},
    align: direct.align ?? style.table.align ?? null,
  });
  const cellIds = new Map<GridCell, string>();
  rows.forEach((row, rowIndex) => {
    if (layout[rowIndex]!.every((place) => place.covered)) return;
    const rowId = sourceIdOf(within(tableId), row.element, 'tr');
    state.builder.openContainer('table_row', { header: row.props.header === true, height: row.props.height ?? null, sourceId: rowId, change: row.props.deleted ?? row.props.inserted ?? null });
    const before = row.props.gridBefore ?? 0;
    addGridGapCell(state, 0, before, widths);
    row.cells.forEach((cell, cellIndex) => {
      const place = layout[rowIndex]![cellIndex]!;
      if (place.covered) {
        // A writer puts a cell that continues a merge back where the merge still runs.
        const origin = cellIds.get(place.origin!);
        if (scope && !scope.frozen && rowId !== null && origin !== undefined) scope.recorder.record(cell.element, 'merged', rowId, origin);
        return;
      }
      const position = { row: rowIndex, rowCount: rows.length, column: place.column, colspan: place.colspan, columnCount, header: row.props.header === true };
      const format = formatCell(style, look, position, style.table.rowBandSize ?? 1);
      const cellId = sourceIdOf(within(rowId), cell.element, 'tc');
      if (cellId !== null) cellIds.set(place, cellId);
      state.builder.openContainer('table_cell', {
        sourceId: cellId,
        colspan: place.colspan,
        rowspan: place.rowspan,
        colwidth: widths ? widths.slice(place.column, place.column + place.colspan) : null,
        background: cell.props.shading ?? format.cell.shading ?? tableShading ?? null,
        borders: cellBorders(mergeBorders(format.cell.borders, cell.props.borders)),
        verticalAlign: cell.props.verticalAlign ?? format.cell.verticalAlign ?? null,
      });
      const outer = state.cell;
      state.cell = { paragraph: format.paragraph, run: format.run };
      if (scope && !scope.frozen) scope.parent = cellId;
      readCell(state, cell.element);
      if (scope && !scope.frozen) scope.parent = outerParent;
      state.cell = outer;
      state.builder.close();
    });
    const end = layout[rowIndex]!.reduce((last, place) => Math.max(last, place.column + place.colspan), before);
    addGridGapCell(state, end, Math.min(row.props.gridAfter ?? 0, columnCount - end), widths);
    state.builder.close();
  });
  state.builder.close();
}

// A cell has no inside borders: those of a table style's cell formatting apply between cells,
// which the table's own inside borders already say.
function cellBorders(borders: Borders | undefined): Borders | null {
  if (!borders) return null;
  const { insideH: _insideH, insideV: _insideV, ...sides } = borders;
  return Object.keys(sides).length > 0 ? sides : null;
}

function collectRows(state: StoryState, table: XmlElement): RowEntry[] {
  const { names } = state.context;
  const rows: RowEntry[] = [];
  for (const element of unwrap(state, table, 'w:tr')) {
    const props = readRowProperties(names.child(element, 'w:trPr'), names);
    const cells = unwrap(state, element, 'w:tc').map((cell) => ({ element: cell, props: readCellProperties(names.child(cell, 'w:tcPr'), names) }));
    if (cells.length > 0) rows.push({ element, props, cells });
  }
  return rows;
}

// The `name` children of `parent`, looking through content controls, custom XML, insertions and
// alternate content; deletions are skipped.
function unwrap(state: StoryState, parent: XmlElement, name: string): XmlElement[] {
  const { names } = state.context;
  const found: XmlElement[] = [];
  const visit = (element: XmlElement, depth: number): void => {
    for (const child of names.children(element)) {
      const childName = names.name(child);
      if (childName === name) found.push(child);
      else if (depth >= MAX_WRAPPERS) continue;
      else if (childName === 'w:sdt') visit(names.child(child, 'w:sdtContent') ?? child, depth + 1);
      else if (childName === 'w:customXml' || childName === 'w:ins' || childName === 'w:moveTo') visit(child, depth + 1);
      else if (childName === 'w:del' || childName === 'w:moveFrom') noteTrackedDeletion(state);
      else if (childName === 'mc:AlternateContent') {
        const chosen = chooseAlternative(child, names);
        if (chosen) visit(chosen, depth + 1);
      }
    }
  };
  visit(parent, 0);
  return found;
}
