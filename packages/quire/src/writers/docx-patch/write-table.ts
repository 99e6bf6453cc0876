import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { SourceElement } from '../../model/docx-source-map.js';
import type { Twips } from '../../model/units.js';
import type { PatchContext } from './patch-context.js';
import { groupBySource, patchSequence, type Group } from './patch-sequence.js';
import { attributeNamed, CELL_PROPERTY_ORDER, childElements, childNamed, contentEnd, elementLocalName, openingTag, patchProperties } from './properties-xml.js';
import { tableSlots, type RowSlot } from './table-slots.js';

/** Writes the blocks of a cell: `unit` is the cell's element when it was read from one. */
export type CellContentWriter = (cell: Node, unit: SourceElement | undefined, range: { start: number; end: number } | undefined) => string;

// The text width of a new table without widths: A4 less Word's usual margins, in twips.
const DEFAULT_TABLE_WIDTH: Twips = 9000;

/** Whether a table, row or cell is exactly as it was read from `unit`. */
export function sameAsRead(context: PatchContext, group: Group<Node>, unit: SourceElement): boolean {
  const original = context.originalGroup(unit.id);
  return group.items.length === 1 && original?.leaves.length === 1 && (group.items[0] === original.leaves[0]!.node || group.items[0]!.eq(original.leaves[0]!.node));
}

/**
 * Writes a table read from `unit` and changed since: its properties stay as written (the grid
 * is rewritten when the number of columns changed), untouched rows and cells stay byte for
 * byte, changed ones are patched in the same way, new ones copy the properties of the nearest
 * row or cell read from the document (the one before them, else the one after).
 */
export function writeChangedTable(context: PatchContext, table: Node, unit: SourceElement, writeCell: CellContentWriter): string {
  const element = context.element(unit);
  if (!element) return writeNewTable(context, table, writeCell);
  const text = context.text;
  const slots = tableSlots(table);
  const rows = patchChildren(context, table, element, unit, 'tr', {
    changed: (row, rowUnit) => writeChangedRow(context, row, rowUnit, writeCell, slots.get(row)),
    fresh: (row, template) => writeNewRow(context, row, template, writeCell, slots.get(row)),
  });
  return `${patchGrid(text, element, rows.start, table)}${rows.body}${text.slice(rows.end, element.end)}`;
}

// Patches the rows of a table (`tr`) or the cells of a row (`tc`) read from `unit`, in the text
// they were read from (see `patchSequence`): new ones copy the nearest one before them read from
// the document, else the one after, else the last. Returns where the children start and end.
function patchChildren(
  context: PatchContext,
  parent: Node,
  element: XmlElement,
  unit: SourceElement,
  kind: 'tr' | 'tc',
  write: { changed(node: Node, unit: SourceElement): string; fresh(node: Node, template: XmlElement | undefined): string },
): { start: number; end: number; body: string } {
  const text = context.text;
  const units = context.units(unit.id, [kind]);
  const nodes: Node[] = [];
  parent.forEach((node) => nodes.push(node));
  const groups = groupBySource(nodes, (node) => node.attrs['sourceId'] as string | null, new Map(units.map((child) => [child.id, child])));
  const neighbours = neighbourIds(nodes, units);
  const template = (id: string | null): XmlElement | undefined => {
    const found = (id !== null ? units.find((child) => child.id === id) : undefined) ?? units[units.length - 1];
    return found && context.element(found);
  };
  const end = contentEnd(text, element);
  const start = childElements(element).find((child) => elementLocalName(child) === kind)?.start ?? end;
  const body = patchSequence(text, { start, end }, units, groups, {
    same: (group, child) => sameAsRead(context, group, child),
    changed: (group, child) => write.changed(group.items[0]!, child),
    fresh: (group) => group.items.map((node) => write.fresh(node, template(group.id ?? neighbours.get(node) ?? null))).join(''),
  });
  return { start, end, body };
}

/** Writes a table the document did not have, with single borders and its columns' widths. */
export function writeNewTable(context: PatchContext, table: Node, writeCell: CellContentWriter): string {
  const widths = gridWidths(table, null);
  const border = (side: string): string => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`;
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('');
  const slots = tableSlots(table);
  let rows = '';
  table.forEach((row) => (rows += writeNewRow(context, row, undefined, writeCell, slots.get(row))));
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${borders}</w:tblBorders><w:tblLook w:val="04A0"/></w:tblPr><w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>${rows}</w:tbl>`;
}

function writeChangedRow(context: PatchContext, row: Node, unit: SourceElement, writeCell: CellContentWriter, slots: readonly RowSlot[] | undefined): string {
  const element = context.element(unit);
  if (!element) return writeNewRow(context, row, undefined, writeCell, slots);
  const text = context.text;
  // Cells that continue a merge have no node: where merges meet the row, it is written slot by slot.
  const merged = context.units(unit.id, ['merged']);
  if (slots && (merged.length > 0 || slots.some((slot) => slot.kind === 'merged'))) return writeRowBySlots(context, element, unit, merged, slots, writeCell);
  const cells = patchChildren(context, row, element, unit, 'tc', {
    changed: (cell, cellUnit) => writeChangedCell(context, cell, cellUnit, writeCell),
    fresh: (cell, template) => writeNewCell(context, cell, template, writeCell),
  });
  return `${text.slice(element.start, cells.start)}${cells.body}${text.slice(cells.end, element.end)}`;
}

function writeChangedCell(context: PatchContext, cell: Node, unit: SourceElement, writeCell: CellContentWriter): string {
  const element = context.element(unit);
  if (!element) return writeNewCell(context, cell, undefined, writeCell);
  const text = context.text;
  const tcPr = childNamed(element, 'tcPr');
  const original = context.originalGroup(unit.id)?.leaves[0]?.node;
  const changes = new Map<string, string | null>();
  if (original && original.attrs['colspan'] !== cell.attrs['colspan']) changes.set('gridSpan', spanChanges(cell).get('gridSpan')!);
  // A cell that spans rows now starts a merge; one that no longer does keeps its `restart`, which
  // with no cell continuing it below merges nothing.
  if (original && (original.attrs['rowspan'] as number) === 1 && (cell.attrs['rowspan'] as number) > 1) changes.set('vMerge', spanChanges(cell).get('vMerge')!);
  const properties = changes.size > 0 ? patchProperties(text, tcPr, 'w:tcPr', CELL_PROPERTY_ORDER, changes) : tcPr ? text.slice(tcPr.start, tcPr.end) : '';
  const contentStart = tcPr ? tcPr.end : openingTag(text, element).length + element.start;
  const end = contentEnd(text, element);
  return `${openingTag(text, element)}${properties}${writeCell(cell, unit, { start: contentStart, end })}</${element.name}>`;
}

function writeNewRow(context: PatchContext, row: Node, template: XmlElement | undefined, writeCell: CellContentWriter, slots: readonly RowSlot[] | undefined): string {
  const text = context.text;
  const trPr = childNamed(template, 'trPr');
  const templateCells = template ? childElements(template).filter((child) => elementLocalName(child) === 'tc') : [];
  let cells = '';
  let index = 0;
  for (const slot of slots ?? rowCells(row)) {
    if (slot.kind === 'merged') cells += writeContinuation(context, slot);
    else cells += writeNewCell(context, slot.node, templateCells[index++] ?? templateCells[templateCells.length - 1], writeCell);
  }
  return `<w:tr>${trPr ? text.slice(trPr.start, trPr.end) : ''}${cells}</w:tr>`;
}

function rowCells(row: Node): RowSlot[] {
  const slots: RowSlot[] = [];
  row.forEach((node) => slots.push({ kind: 'cell', node }));
  return slots;
}

/**
 * Writes a row read from `element` slot by slot (see `tableSlots`): its cells as they were,
 * patched or new, each where its grid column is, and a cell continuing a merge wherever a cell
 * above spans the row: the one read for that merge when there was one, else one made from the
 * merged cell's properties. What lies before the first and after the last cell stays.
 */
function writeRowBySlots(context: PatchContext, element: XmlElement, unit: SourceElement, merged: readonly SourceElement[], slots: readonly RowSlot[], writeCell: CellContentWriter): string {
  const text = context.text;
  const read = [...context.units(unit.id, ['tc']), ...merged];
  const first = read.reduce((start, cell) => Math.min(start, cell.start), contentEnd(text, element));
  const last = read.reduce((end, cell) => Math.max(end, cell.end), first);
  const unused = [...merged];
  const templateFor = (index: number): XmlElement | undefined => {
    const near = [...slots.slice(0, index).reverse(), ...slots.slice(index + 1)].find((slot) => slot.kind === 'cell' && cellUnit(context, slot.node));
    const cell = near?.kind === 'cell' ? cellUnit(context, near.node) : undefined;
    return cell ? context.element(cell) : childElements(element).find((child) => elementLocalName(child) === 'tc');
  };
  let cells = '';
  slots.forEach((slot, index) => {
    if (slot.kind === 'merged') {
      const spanning = slot.cell.attrs['sourceId'] as string | null;
      const at = unused.findIndex((cell) => cell.continues === spanning);
      cells += at === -1 ? writeContinuation(context, slot) : keptContinuation(context, unused.splice(at, 1)[0]!, slot);
      return;
    }
    const own = cellUnit(context, slot.node);
    if (!own) cells += writeNewCell(context, slot.node, templateFor(index), writeCell);
    else if (sameAsRead(context, { id: own.id, items: [slot.node] }, own)) cells += text.slice(own.start, own.end);
    else cells += writeChangedCell(context, slot.node, own, writeCell);
  });
  return `${text.slice(element.start, first)}${cells}${text.slice(last, element.end)}`;
}

// The cell element a cell node was read from, in whichever row.
function cellUnit(context: PatchContext, cell: Node): SourceElement | undefined {
  const id = cell.attrs['sourceId'] as string | null;
  const unit = id === null ? undefined : context.sources.elements.get(id);
  return unit?.kind === 'tc' ? unit : undefined;
}

// A cell read as continuing a merge, with its span made the merged cell's when that changed.
function keptContinuation(context: PatchContext, unit: SourceElement, slot: Extract<RowSlot, { kind: 'merged' }>): string {
  const element = context.element(unit);
  const xml = context.text.slice(unit.start, unit.end);
  if (!element) return xml;
  const tcPr = childNamed(element, 'tcPr');
  const span = childNamed(tcPr, 'gridSpan');
  const written = Number(attributeNamed(span, 'val')) || 1;
  if (written === slot.colspan) return xml;
  const properties = patchProperties(context.text, tcPr, 'w:tcPr', CELL_PROPERTY_ORDER, spanChanges(slot.cell, slot.colspan, 'continue'));
  const start = tcPr ? tcPr.start : unit.start + openingTag(context.text, element).length;
  return `${context.text.slice(unit.start, start)}${properties}${context.text.slice(tcPr ? tcPr.end : start, unit.end)}`;
}

// A new cell continuing a merge: the merged cell's properties where it was read, its span, `w:vMerge`.
function writeContinuation(context: PatchContext, slot: Extract<RowSlot, { kind: 'merged' }>): string {
  const unit = cellUnit(context, slot.cell);
  const element = unit && context.element(unit);
  const properties = patchProperties(context.text, childNamed(element, 'tcPr'), 'w:tcPr', CELL_PROPERTY_ORDER, spanChanges(slot.cell, slot.colspan, 'continue'));
  return `<w:tc>${properties}<w:p/></w:tc>`;
}

function writeNewCell(context: PatchContext, cell: Node, template: XmlElement | undefined, writeCell: CellContentWriter): string {
  const changes = spanChanges(cell);
  const width = (cell.attrs['colwidth'] as Twips[] | null)?.reduce((sum, value) => sum + value, 0);
  if (!template && width) changes.set('tcW', `<w:tcW w:w="${width}" w:type="dxa"/>`);
  const properties = patchProperties(context.text, childNamed(template, 'tcPr'), 'w:tcPr', CELL_PROPERTY_ORDER, changes);
  return `<w:tc>${properties}${writeCell(cell, undefined, undefined)}</w:tc>`;
}

// The span properties of a cell: its columns, and the start of a vertical merge when it spans
// rows (a cell continuing a merge says `continue` instead: `w:vMerge` with no value).
function spanChanges(cell: Node, colspan = cell.attrs['colspan'] as number, merge: 'continue' | undefined = undefined): Map<string, string | null> {
  const restart = (cell.attrs['rowspan'] as number) > 1 ? '<w:vMerge w:val="restart"/>' : null;
  return new Map([
    ['gridSpan', colspan > 1 ? `<w:gridSpan w:val="${colspan}"/>` : null],
    ['vMerge', merge === 'continue' ? '<w:vMerge/>' : restart],
  ]);
}

// For each new row or cell, the id of the nearest one before it read from `units`, else after it: what it copies.
function neighbourIds(nodes: readonly Node[], units: readonly SourceElement[]): Map<Node, string> {
  const known = new Set(units.map((unit) => unit.id));
  const idOf = (node: Node | undefined): string | null => {
    const id = (node?.attrs['sourceId'] as string | null | undefined) ?? null;
    return id !== null && known.has(id) ? id : null;
  };
  const neighbours = new Map<Node, string>();
  nodes.forEach((node, index) => {
    if (idOf(node) !== null) return;
    let id: string | null = null;
    for (let at = index - 1; at >= 0 && id === null; at--) id = idOf(nodes[at]);
    for (let at = index + 1; at < nodes.length && id === null; at++) id = idOf(nodes[at]);
    if (id !== null) neighbours.set(node, id);
  });
  return neighbours;
}

// The table's start tag and properties, with its grid rewritten when the columns changed in number.
function patchGrid(text: string, table: XmlElement, rowsStart: number, model: Node): string {
  const head = text.slice(table.start, rowsStart);
  const grid = childNamed(table, 'tblGrid');
  if (!grid) return head;
  const columns = childElements(grid).filter((child) => elementLocalName(child) === 'gridCol');
  const widths = columns.map((column) => Number(attributeNamed(column, 'w')) || 0);
  if (columnCount(model) === columns.length) return head;
  const markup = `${openingTag(text, grid)}${gridWidths(model, widths).map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</${grid.name}>`;
  return `${text.slice(table.start, grid.start)}${markup}${text.slice(grid.end, rowsStart)}`;
}

function columnCount(table: Node): number {
  let count = 0;
  table.forEach((row) => {
    let columns = 0;
    row.forEach((cell) => (columns += cell.attrs['colspan'] as number));
    count = Math.max(count, columns);
  });
  return count;
}

// Column widths: the first full row's cell widths where it has them all, else the old widths
// with new columns as wide as their average, else the text width shared equally.
function gridWidths(table: Node, old: readonly number[] | null): number[] {
  const count = Math.max(1, columnCount(table));
  const fromCells: number[] = [];
  table.firstChild?.forEach((cell) => {
    const widths = cell.attrs['colwidth'] as Twips[] | null;
    const span = cell.attrs['colspan'] as number;
    for (let index = 0; index < span; index++) fromCells.push(widths?.[index] ?? 0);
  });
  if (fromCells.length === count && fromCells.every((width) => width > 0)) return fromCells;
  const columnWidths = table.attrs['columnWidths'] as Twips[] | null;
  if (columnWidths && columnWidths.length === count) return [...columnWidths];
  const known = old && old.length > 0 ? old.slice(0, count) : [];
  const total = known.reduce((sum, width) => sum + width, 0);
  const average = known.length > 0 ? Math.round(total / known.length) : Math.round(DEFAULT_TABLE_WIDTH / count);
  while (known.length < count) known.push(average);
  return known;
}
