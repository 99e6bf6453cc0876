import type { Node } from 'prosemirror-model';
import { addColumnAfter, addRowAfter, deleteRow } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import {
  bodyNodes,
  changedEntries,
  edited,
  elementsOf,
  entryName,
  exportDocx,
  FIXTURE_NAMES,
  firstElement,
  openDocx,
  openFixture,
  partText,
  runCommand,
  sourceOf,
  textOf,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

const TYPED = 'QZXROW';

// The start of the content of each row of a table, and of its first cell's first textblock.
function rowPositions(table: Located): { row: number; text: number }[] {
  const positions: { row: number; text: number }[] = [];
  table.node.forEach((row, offset) => {
    const row0 = table.pos + 1 + offset;
    // row > cell > first block: the text starts inside the block.
    positions.push({ row: row0, text: row0 + 3 });
  });
  return positions;
}

// Adds a row after row `index` of the table (prosemirror-tables, cursor in its first cell) and types into the new row's first cell.
function addRowAndType(doc: Node, table: Located, index: number): Node {
  const withRow = runCommand(doc, addRowAfter, rowPositions(table)[index]!.text);
  const newTable = { node: withRow.nodeAt(table.pos)!, pos: table.pos };
  return edited(withRow, (state) => state.tr.insertText(TYPED, rowPositions(newTable)[index + 1]!.text));
}

// The rows of a table as the text of their cells.
function rowTexts(table: Node): string[][] {
  const rows: string[][] = [];
  table.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cell.textContent));
    rows.push(cells);
  });
  return rows;
}

// A properties element of a piece of XML without the children that only a cell's place in the grid decides.
function ownProperties(xml: string | undefined): string {
  if (!xml) return '';
  let result = xml;
  for (const name of ['w:vMerge', 'w:gridSpan']) {
    const child = firstElement(result, name);
    if (child) result = result.replace(child, '');
  }
  return result === '<w:tcPr></w:tcPr>' ? '' : result;
}

interface TableCase {
  readonly name: string;
  readonly original: DocxOriginal;
  readonly table: Located;
}

// The first table of the body read from the document with two rows or more.
const tableCases: TableCase[] = [];
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  const table = bodyNodes(original.doc, 'table').find(({ node }) => node.attrs['sourceId'] !== null && node.childCount >= 2);
  if (table) tableCases.push({ name, original, table });
}

describe('patchDocx after a row is added to a table and typed into', () => {
  it.each(tableCases)('inserts the new row of $name after the last row and leaves every other character of the main part as it was', async ({ original, table }) => {
    const last = table.node.childCount - 1;
    const lastRow = sourceOf(original.sources, table.node.child(last));
    const bytes = await exportDocx(original, addRowAndType(original.doc, table, last));
    const before = original.sources.text;
    const after = (await partText(bytes, original.sources.partName))!;
    const tail = before.length - lastRow.end;
    expect(after.slice(0, lastRow.end)).toBe(before.slice(0, lastRow.end));
    expect(after.slice(after.length - tail)).toBe(before.slice(lastRow.end));
    const added = after.slice(lastRow.end, after.length - tail);
    expect(elementsOf(added, 'w:tr')).toEqual([added]);
    expect(textOf(added)).toBe(TYPED);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
  });

  it.each(tableCases)('gives the new row of $name the row and cell properties of the row before it', async ({ original, table }) => {
    const last = table.node.childCount - 1;
    const template = xmlOf(original.sources, sourceOf(original.sources, table.node.child(last)));
    const bytes = await exportDocx(original, addRowAndType(original.doc, table, last));
    const lastRow = sourceOf(original.sources, table.node.child(last));
    const after = (await partText(bytes, original.sources.partName))!;
    const added = after.slice(lastRow.end, after.length - (original.sources.text.length - lastRow.end));
    expect(firstElement(added, 'w:trPr') ?? '').toBe(firstElement(template, 'w:trPr') ?? '');
    const templateCells = elementsOf(template, 'w:tc');
    elementsOf(added, 'w:tc').forEach((cell, index) => {
      const model = templateCells[index] ?? templateCells[templateCells.length - 1]!;
      expect(ownProperties(firstElement(cell, 'w:tcPr'))).toBe(ownProperties(firstElement(model, 'w:tcPr')));
    });
  });

  it.each(tableCases)('re-reads the table of $name with one more row holding the typed text', async ({ original, table }) => {
    const last = table.node.childCount - 1;
    const doc = addRowAndType(original.doc, table, last);
    const reread = await openDocx(await exportDocx(original, doc));
    const index = bodyNodes(original.doc, 'table').findIndex(({ node }) => node === table.node);
    const rows = rowTexts(bodyNodes(reread.doc, 'table')[index]!.node);
    expect(rows).toHaveLength(table.node.childCount + 1);
    expect(rows).toEqual(rowTexts(bodyNodes(doc, 'table')[index]!.node));
    expect(rows[last + 1]![0]).toBe(TYPED);
  });

  it('copies the properties of the row before a row added in the middle, not those of another row', async () => {
    const heights = [400, 800, 1200];
    const rows = heights.map((height, index) => `<w:tr><w:trPr><w:trHeight w:val="${height}"/></w:trPr><w:tc><w:tcPr><w:shd w:val="clear" w:fill="00000${index}"/></w:tcPr>${paragraph(`row ${index}`)}</w:tc></w:tr>`);
    const table = `<w:tbl><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${rows.join('')}</w:tbl>`;
    const original = await openDocx(buildTestDocx({ body: paragraph('before') + table + paragraph('after') }));
    const located = bodyNodes(original.doc, 'table')[0]!;
    const bytes = await exportDocx(original, addRowAndType(original.doc, located, 0));
    const after = (await partText(bytes, original.sources.partName))!;
    const written = elementsOf(firstElement(after, 'w:tbl')!, 'w:tr');
    expect(written.slice(0, 1).concat(written.slice(2))).toEqual(rows);
    expect(firstElement(written[1]!, 'w:trPr')).toBe('<w:trPr><w:trHeight w:val="400"/></w:trPr>');
    expect(firstElement(written[1]!, 'w:tcPr')).toBe('<w:tcPr><w:shd w:val="clear" w:fill="000000"/></w:tcPr>');
  });
});

describe('patchDocx after a row is deleted from a table', () => {
  it.each(tableCases)('removes exactly the XML of the deleted row of $name', async ({ original, table }) => {
    // The first row that no merged cell starts in or spans into, else the last row (the merged
    // cells that span into it only get shorter).
    let index = -1;
    table.node.forEach((row, _offset, at) => {
      let spans = false;
      row.forEach((cell) => (spans ||= (cell.attrs['rowspan'] as number) > 1));
      if (index === -1 && !spans && !rowSpansInto(table.node, at)) index = at;
    });
    if (index === -1) index = table.node.childCount - 1;
    const row = sourceOf(original.sources, table.node.child(index));
    const doc = runCommand(original.doc, deleteRow, rowPositions(table)[index]!.text);
    const bytes = await exportDocx(original, doc);
    const before = original.sources.text;
    expect((await partText(bytes, original.sources.partName))!).toBe(before.slice(0, row.start) + before.slice(row.end));
    const reread = await openDocx(bytes);
    const tableIndex = bodyNodes(original.doc, 'table').findIndex(({ node }) => node === table.node);
    expect(rowTexts(bodyNodes(reread.doc, 'table')[tableIndex]!.node)).toEqual(rowTexts(bodyNodes(doc, 'table')[tableIndex]!.node));
  });
});

describe('patchDocx on a table with a cell merged down several rows', () => {
  // Three rows; the first column's cell is merged down all of them (w:vMerge), the second is not.
  const cell = (text: string, merge = ''): string => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/>${merge}</w:tcPr>${paragraph(text)}</w:tc>`;
  const continuing = '<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:vMerge/></w:tcPr><w:p/></w:tc>';
  const rows = [`<w:tr>${cell('merged', '<w:vMerge w:val="restart"/>')}${cell('a')}</w:tr>`, `<w:tr>${continuing}${cell('b')}</w:tr>`, `<w:tr>${continuing}${cell('c')}</w:tr>`];
  const open = (): Promise<DocxOriginal> => openDocx(buildTestDocx({ body: `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${rows.join('')}</w:tbl>${paragraph('after')}` }));
  const writtenRows = async (original: DocxOriginal, doc: Node): Promise<string[]> => elementsOf(firstElement((await partText(await exportDocx(original, doc), original.sources.partName))!, 'w:tbl')!, 'w:tr');
  const cellsOf = (row: string): string[] => elementsOf(row, 'w:tc').map((tc) => (tc.includes('<w:vMerge/>') ? '(continues)' : textOf(tc)));

  it('records the cells that continue the merge, with the cell they continue', async () => {
    const original = await open();
    const merged = [...original.sources.elements.values()].filter((element) => element.kind === 'merged');
    const first = bodyNodes(original.doc, 'table_cell')[0]!.node;
    expect(merged.map((element) => xmlOf(original.sources, element))).toEqual([continuing, continuing]);
    expect(merged.map((element) => element.continues)).toEqual([first.attrs['sourceId'], first.attrs['sourceId']]);
    expect(first.attrs['rowspan']).toBe(3);
  });

  it('writes the cells of a column added after the merged one after the cells continuing the merge, and re-reads the merge', async () => {
    const original = await open();
    const table = bodyNodes(original.doc, 'table')[0]!;
    const doc = runCommand(original.doc, addColumnAfter, rowPositions(table)[0]!.text);
    const written = await writtenRows(original, doc);
    expect(written.map(cellsOf)).toEqual([
      ['merged', '', 'a'],
      ['(continues)', '', 'b'],
      ['(continues)', '', 'c'],
    ]);
    expect(written[1]!.startsWith(`<w:tr>${continuing}`)).toBe(true);
    const reread = await openDocx(await exportDocx(original, doc));
    const [rereadTable] = bodyNodes(reread.doc, 'table');
    expect(rowTexts(rereadTable!.node)).toEqual(rowTexts(bodyNodes(doc, 'table')[0]!.node));
    expect(rereadTable!.node.firstChild!.firstChild!.attrs['rowspan']).toBe(3);
  });

  it('writes a row added inside the merge with a cell continuing it, and re-reads the merge one row longer', async () => {
    const original = await open();
    const table = bodyNodes(original.doc, 'table')[0]!;
    // The cursor in the second row's own cell ("b"): the merged cell spans the new row too.
    const doc = runCommand(original.doc, addRowAfter, rowPositions(table)[1]!.row + 3);
    const written = await writtenRows(original, doc);
    expect(written.map(cellsOf)).toEqual([['merged', 'a'], ['(continues)', 'b'], ['(continues)', ''], ['(continues)', 'c']]);
    const reread = await openDocx(await exportDocx(original, doc));
    expect(bodyNodes(reread.doc, 'table_cell')[0]!.node.attrs['rowspan']).toBe(4);
  });
});

// Whether a cell of a row above `index` spans down into it.
function rowSpansInto(table: Node, index: number): boolean {
  let spans = false;
  for (let above = 0; above < index; above++) {
    table.child(above).forEach((cell) => (spans ||= above + (cell.attrs['rowspan'] as number) > index));
  }
  return spans;
}
