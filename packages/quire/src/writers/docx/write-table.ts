import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { SourceElement } from '../../model/docx-source-map.js';
import type { Borders } from '../../model/nodes/table-nodes.js';
import type { Twips } from '../../model/units.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import type { StructureChange } from '../../model/marks/review-marks.js';
import type { PatchContext } from './patch-context.js';
import { writeMarkChange } from './review-writer.js';
import { groupBySource, patchSequence, type Group } from './patch-sequence.js';
import { CELL_PROPERTY_ORDER, patchProperties } from './properties-xml.js';
import { attributeNamed, childElements, childNamed, contentEnd, elementLocalName, openingTag } from '../../xml/elements.js';
import { tableSlots, type RowSlot } from './table-slots.js';
import { borderEighths, STYLE_IDS } from './word-styles-part.js';

/** Writes the blocks of a cell: `unit` is the cell's element when it was read from one. */
export type CellContentWriter = (cell: Node, unit: SourceElement | undefined, range: { start: number; end: number } | undefined) => string;


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
  return `${patchGrid(text, element, rows.start, table, context.contentWidth)}${rows.body}${text.slice(rows.end, element.end)}`;
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

/**
 * Writes a table the document did not have, in the Table Grid style (or its own): a grid of its
 * columns' widths that fits the text column, header rows that repeat on each page and turn on
 * the style's first-row look, and its own borders and alignment where it has them.
 */
export function writeNewTable(context: PatchContext, table: Node, writeCell: CellContentWriter): string {
  const widths = fitToWidth(gridWidths(table, null, context.contentWidth), context.contentWidth);
  const slots = tableSlots(table);
  let rows = '';
  table.forEach((row) => (rows += writeNewRow(context, row, undefined, writeCell, slots.get(row), widths)));
  const style = (table.attrs['styleId'] as string | null) ?? context.useStyle(STYLE_IDS.table);
  const align = table.attrs['align'] as string | null;
  const header = table.firstChild?.attrs['header'] === true;
  // w:tblLook (ECMA-376 Part 1, 17.4.56): the first-row look for a header row, no banding; `w:val` for Word 2007.
  const look = `<w:tblLook w:val="${header ? '0620' : '0600'}" w:firstRow="${header ? 1 : 0}" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="1" w:noVBand="1"/>`;
  const properties =
    `<w:tblPr><w:tblStyle w:val="${escapeXmlAttribute(style)}"/><w:tblW w:w="${widths.reduce((sum, width) => sum + width, 0)}" w:type="dxa"/>` +
    `${align === 'center' || align === 'right' ? `<w:jc w:val="${align}"/>` : ''}${bordersXml('tblBorders', table.attrs['borders'] as Borders | null, TABLE_SIDES)}${look}</w:tblPr>`;
  return `<w:tbl>${properties}<w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>${rows}</w:tbl>`;
}

const TABLE_SIDES = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'] as const;
const CELL_SIDES = ['top', 'left', 'bottom', 'right'] as const;
const BORDER_STYLES = new Set(['single', 'double', 'dashed', 'dotted', 'none']);

// A table's or cell's own borders (`w:tblBorders`, `w:tcBorders`), or '' to keep the style's.
function bordersXml(name: string, borders: Borders | null, sides: readonly (keyof Borders)[]): string {
  if (!borders) return '';
  let lines = '';
  for (const side of sides) {
    const line = borders[side];
    if (!line) continue;
    const color = /^[0-9A-Fa-f]{6}$/.test(line.color) ? line.color : 'auto';
    lines += `<w:${side} w:val="${BORDER_STYLES.has(line.style) ? line.style : 'single'}" w:sz="${borderEighths(line.width)}" w:space="0" w:color="${color}"/>`;
  }
  return lines === '' ? '' : `<w:${name}>${lines}</w:${name}>`;
}

// Widths shrunk in proportion to fit `available`, none under an eighth of an inch.
function fitToWidth(widths: readonly number[], available: number): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  const scale = total > available ? available / total : 1;
  return widths.map((width) => Math.max(180, Math.floor(width * scale)));
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
  return `${rowStart(context, row, element, unit, cells.start)}${cells.body}${text.slice(cells.end, element.end)}`;
}

// The row's start tag and properties up to its first cell: as written, unless the row's change was
// set or decided since it was read (a row deleted in suggest mode), when `w:trPr` gets its new change.
function rowStart(context: PatchContext, row: Node, element: XmlElement, unit: SourceElement, cellsStart: number): string {
  const text = context.text;
  const original = context.originalGroup(unit.id)?.leaves[0]?.node;
  const change = row.attrs['change'] as StructureChange | null;
  const trPr = childNamed(element, 'trPr');
  if (!original || sameChange(original.attrs['change'] as StructureChange | null, change)) return text.slice(element.start, cellsStart);
  if (!trPr) {
    // CT_Row (ECMA-376 Part 1, 17.4.79): w:tblPrEx, then w:trPr.
    const at = childNamed(element, 'tblPrEx')?.end ?? element.start + openingTag(text, element).length;
    return `${text.slice(element.start, at)}${withRowChange(context, '', change)}${text.slice(at, cellsStart)}`;
  }
  return `${text.slice(element.start, trPr.start)}${withRowChange(context, text.slice(trPr.start, trPr.end), change)}${text.slice(trPr.end, cellsStart)}`;
}

function sameChange(a: StructureChange | null, b: StructureChange | null): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.id === b.id);
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

function writeNewRow(
  context: PatchContext,
  row: Node,
  template: XmlElement | undefined,
  writeCell: CellContentWriter,
  slots: readonly RowSlot[] | undefined,
  widths?: readonly number[],
): string {
  const text = context.text;
  const trPr = childNamed(template, 'trPr');
  const templateCells = template ? childElements(template).filter((child) => elementLocalName(child) === 'tc') : [];
  const spanWidth = (column: number, span: number): number | undefined => (widths ? widths.slice(column, column + span).reduce((sum, width) => sum + width, 0) : undefined);
  let cells = '';
  let index = 0;
  let column = 0;
  for (const slot of slots ?? rowCells(row)) {
    const span = slot.kind === 'merged' ? slot.colspan : (slot.node.attrs['colspan'] as number);
    if (slot.kind === 'merged') cells += writeContinuation(context, slot, spanWidth(column, span));
    else cells += writeNewCell(context, slot.node, templateCells[index++] ?? templateCells[templateCells.length - 1], writeCell, spanWidth(column, span));
    column += span;
  }
  // A row shorter than the grid is filled with empty cells, so that every row spans it.
  for (; widths && column < widths.length; column++) cells += `<w:tc><w:tcPr><w:tcW w:w="${widths[column]}" w:type="dxa"/></w:tcPr><w:p/></w:tc>`;
  const properties = trPr ? text.slice(trPr.start, trPr.end) : template ? '' : newRowProperties(row);
  return `<w:tr>${withRowChange(context, properties, row.attrs['change'] as StructureChange | null)}${cells}</w:tr>`;
}

// The properties copied from a neighbour (or the row itself) say whether this row is tracked as
// inserted as the row's `change` does: a new row beside an inserted one is no part of that change.
function withRowChange(context: PatchContext, trPr: string, change: StructureChange | null): string {
  const own = trPr.replace(/<w:(?:ins|del)\b[^>]*\/>/g, '');
  if (!change) return own;
  const marked = writeMarkChange(context, change);
  if (own === '' || /^<w:trPr\s*(?:\/>|><\/w:trPr>)$/.test(own)) return `<w:trPr>${marked}</w:trPr>`;
  // In schema order (ECMA-376 Part 1, 17.4.82 CT_TrPr): after the row's properties, before w:trPrChange.
  const at = own.search(/<w:trPrChange\b|<\/w:trPr>/);
  return at === -1 ? own : `${own.slice(0, at)}${marked}${own.slice(at)}`;
}

// The properties of a row written with nothing read to start from: its least height and whether it repeats as a header.
function newRowProperties(row: Node): string {
  const height = row.attrs['height'] as number | null;
  const properties = `${typeof height === 'number' && height > 0 ? `<w:trHeight w:val="${Math.round(height)}" w:hRule="atLeast"/>` : ''}${row.attrs['header'] === true ? '<w:tblHeader/>' : ''}`;
  return properties === '' ? '' : `<w:trPr>${properties}</w:trPr>`;
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
function writeContinuation(context: PatchContext, slot: Extract<RowSlot, { kind: 'merged' }>, width?: number): string {
  const unit = cellUnit(context, slot.cell);
  const element = unit && context.element(unit);
  const changes = spanChanges(slot.cell, slot.colspan, 'continue');
  if (!element) for (const [name, markup] of newCellChanges(slot.cell, width)) if (name !== 'vAlign') changes.set(name, markup);
  const properties = patchProperties(context.text, childNamed(element, 'tcPr'), 'w:tcPr', CELL_PROPERTY_ORDER, changes);
  return `<w:tc>${properties}<w:p/></w:tc>`;
}

function writeNewCell(context: PatchContext, cell: Node, template: XmlElement | undefined, writeCell: CellContentWriter, width?: number): string {
  const changes = spanChanges(cell);
  if (!template) for (const [name, markup] of newCellChanges(cell, width ?? (cell.attrs['colwidth'] as Twips[] | null)?.reduce((sum, value) => sum + value, 0))) changes.set(name, markup);
  const properties = patchProperties(context.text, childNamed(template, 'tcPr'), 'w:tcPr', CELL_PROPERTY_ORDER, changes);
  // The cell's content is as wide as the cell less the style's margins.
  const outer = context.contentWidth;
  if (width) context.contentWidth = Math.max(360, width - CELL_MARGINS);
  try {
    return `<w:tc>${properties}${writeCell(cell, undefined, undefined)}</w:tc>`;
  } finally {
    context.contentWidth = outer;
  }
}

// Left and right cell margins of the Table Grid style, in twips.
const CELL_MARGINS = 216;
const VERTICAL_ALIGNMENTS = new Set(['top', 'center', 'bottom']);

// The properties of a cell written with nothing read to start from: width, borders, ground and vertical alignment.
function newCellChanges(cell: Node, width: number | undefined): Map<string, string> {
  const changes = new Map<string, string>();
  if (width) changes.set('tcW', `<w:tcW w:w="${width}" w:type="dxa"/>`);
  const borders = bordersXml('tcBorders', cell.attrs['borders'] as Borders | null, CELL_SIDES);
  if (borders) changes.set('tcBorders', borders);
  const background = cell.attrs['background'];
  if (typeof background === 'string' && /^[0-9A-Fa-f]{6}$/.test(background)) changes.set('shd', `<w:shd w:val="clear" w:color="auto" w:fill="${background}"/>`);
  const vertical = String(cell.attrs['verticalAlign']);
  if (VERTICAL_ALIGNMENTS.has(vertical) && vertical !== 'top') changes.set('vAlign', `<w:vAlign w:val="${vertical}"/>`);
  return changes;
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
function patchGrid(text: string, table: XmlElement, rowsStart: number, model: Node, available: number): string {
  const head = text.slice(table.start, rowsStart);
  const grid = childNamed(table, 'tblGrid');
  if (!grid) return head;
  const columns = childElements(grid).filter((child) => elementLocalName(child) === 'gridCol');
  const widths = columns.map((column) => Number(attributeNamed(column, 'w')) || 0);
  if (columnCount(model) === columns.length) return head;
  const markup = `${openingTag(text, grid)}${gridWidths(model, widths, available).map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</${grid.name}>`;
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
function gridWidths(table: Node, old: readonly number[] | null, available: number): number[] {
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
  const average = known.length > 0 ? Math.round(total / known.length) : Math.round(available / count);
  while (known.length < count) known.push(average);
  return known;
}
