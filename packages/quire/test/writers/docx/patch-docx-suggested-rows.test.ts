// Rows inserted and deleted in suggest mode, written as Word writes them (ECMA-376 Part 1, 17.13.5.14 and 17.13.5.18: w:del and w:ins in w:trPr).
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { addRowAfter, deleteRow } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import { suggestTransaction } from '../../../src/editor/review/suggest-transaction.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { bodyNodes, elementsOf, exportDocx, openDocx, partText } from './patch-fixtures.js';

const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
const BODY = `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:trPr><w:cantSplit/></w:trPr>${cell('first')}</w:tr><w:tr>${cell('second')}</w:tr><w:tr>${cell('third')}</w:tr></w:tbl><w:p/><w:sectPr/>`;

// Runs `command` in suggest mode by Ann with the caret in the table's `row`th row.
function suggested(doc: Node, command: Command, row: number): Node {
  const at = bodyNodes(doc, 'table_row')[row]!.pos;
  const state = EditorState.create({ doc, selection: TextSelection.near(doc.resolve(at + 1)) });
  let result: Node | null = null;
  let ids = 0;
  command(state, (tr) => (result = state.apply(suggestTransaction(tr, state, { author: 'Ann', now: () => new Date('2026-11-27T10:00:00Z'), newId: () => `quire-${++ids}` })!).doc));
  if (!result) throw new Error('the command did not apply');
  return result;
}

async function exportedRows(doc: Node, original: Awaited<ReturnType<typeof openDocx>>): Promise<string[]> {
  const xml = (await partText(await exportDocx(original, doc), original.sources.partName))!;
  return elementsOf(xml, 'w:tr');
}

describe('patchDocx and rows suggested in suggest mode', () => {
  it('writes a row deleted in suggest mode with w:del in its w:trPr, keeping its properties, and its text and paragraph mark as deleted', async () => {
    const original = await openDocx(buildTestDocx({ body: BODY }));
    const written = await exportedRows(suggested(original.doc, deleteRow, 0), original);
    expect(written).toHaveLength(3);
    expect(written[0]).toMatch(/^<w:tr><w:trPr><w:cantSplit\/><w:del w:id="\d+" w:author="Ann" w:date="2026-11-27T10:00:00Z"\/><\/w:trPr>/);
    expect(written[0]).toMatch(/<w:del w:id="\d+" w:author="Ann" w:date="2026-11-27T10:00:00Z"><w:r><w:delText[^>]*>first<\/w:delText><\/w:r><\/w:del>/);
    expect(written[0]).toMatch(/<w:p><w:pPr><w:rPr><w:del w:id="\d+" w:author="Ann" w:date="2026-11-27T10:00:00Z"\/><\/w:rPr><\/w:pPr>/);
    // The row, its paragraph mark and its text: three changes, three ids.
    const ids = [...written[0]!.matchAll(/<w:del w:id="(\d+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(3);
    // The other rows are untouched: byte for byte.
    const originalRows = elementsOf((await original.package.readXmlPart('word/document.xml')).text, 'w:tr');
    expect(written.slice(1)).toEqual(originalRows.slice(1));
  });

  it('reads a row deleted in suggest mode again from the export as a row deleted by the user, its text deleted', async () => {
    const original = await openDocx(buildTestDocx({ body: BODY }));
    const reread = await openDocx(await exportDocx(original, suggested(original.doc, deleteRow, 1)));
    const rows = bodyNodes(reread.doc, 'table_row').map(({ node }) => node);
    expect(rows.map((row) => (row.attrs['change'] as { kind: string; author: string } | null) && `${row.attrs['change'].kind} ${row.attrs['change'].author}`)).toEqual([null, 'deletion Ann', null]);
    const marks: string[] = [];
    rows[1]!.descendants((node) => void (node.isText && marks.push(...node.marks.map((mark) => `${mark.type.name} ${String(mark.attrs['author'])}`))));
    expect(marks).toEqual(['deletion Ann']);
  });

  it('gives a row without properties deleted in suggest mode a w:trPr holding its w:del', async () => {
    const original = await openDocx(buildTestDocx({ body: BODY }));
    const written = await exportedRows(suggested(original.doc, deleteRow, 1), original);
    expect(written[1]).toMatch(/^<w:tr><w:trPr><w:del w:id="\d+" w:author="Ann" w:date="2026-11-27T10:00:00Z"\/><\/w:trPr><w:tc>/);
  });

  it('writes a row inserted in suggest mode with w:ins in its w:trPr', async () => {
    const original = await openDocx(buildTestDocx({ body: BODY }));
    const written = await exportedRows(suggested(original.doc, addRowAfter, 2), original);
    expect(written).toHaveLength(4);
    expect(written[3]).toMatch(/<w:trPr>(?:<w:cantSplit\/>)?<w:ins w:id="\d+" w:author="Ann" w:date="2026-11-27T10:00:00Z"\/><\/w:trPr>/);
    const reread = await openDocx(await exportDocx(original, suggested(original.doc, addRowAfter, 2)));
    expect(bodyNodes(reread.doc, 'table_row').map(({ node }) => (node.attrs['change'] as { kind: string; author: string } | null)?.author ?? null)).toEqual([null, null, null, 'Ann']);
  });
});
