import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { b, p, table, td, tr } from '../../../src/model/builders.js';
import { readDocx, type ReadDocxOptions } from '../../../src/readers/index.js';
import { buildTestDocx, paragraph, paragraphStyle, style, type TestDocx } from '../../../../../test/support/docx-package.js';

async function read(spec: TestDocx, options: ReadDocxOptions = {}) {
  return readDocx(buildTestDocx(spec), options);
}

function firstTable(docNode: Node): Node {
  let found: Node | undefined;
  docNode.descendants((node) => {
    found ??= node.type.name === 'table' ? node : undefined;
    return found === undefined;
  });
  if (!found) throw new Error('The document has no table.');
  return found;
}

function cell(text: string, tcPr = ''): string {
  return `<w:tc>${tcPr ? `<w:tcPr>${tcPr}</w:tcPr>` : ''}${paragraph(text)}</w:tc>`;
}

function tbl(rows: string, tblPr = '', grid: readonly number[] = [1000, 2000, 3000]): string {
  return `<w:tbl><w:tblPr>${tblPr}</w:tblPr><w:tblGrid>${grid.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>${rows}</w:tbl>`;
}

describe('readDocx tables', () => {
  it('keeps the grid columns a row skips before or after its cells as empty cells without borders, so that its cells stay in their columns', async () => {
    const rows =
      `<w:tr>${cell('a')}${cell('b')}${cell('c')}</w:tr>` +
      `<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>${cell('e')}${cell('f')}</w:tr>` +
      `<w:tr><w:trPr><w:gridAfter w:val="2"/></w:trPr>${cell('g')}</w:tr>`;
    const { value } = await read({ body: tbl(rows) + paragraph('') });
    const none = { style: 'none', width: 0, color: '000000' };
    const gap = (colwidth: number[]) => td({ colspan: colwidth.length, colwidth, borders: { top: none, right: none, bottom: none, left: none } }, p());
    const expected = table(
      { columnWidths: [1000, 2000, 3000], borders: {} },
      tr(td({ colwidth: [1000] }, p('a')), td({ colwidth: [2000] }, p('b')), td({ colwidth: [3000] }, p('c'))),
      tr(gap([1000]), td({ colwidth: [2000] }, p('e')), td({ colwidth: [3000] }, p('f'))),
      tr(td({ colwidth: [1000] }, p('g')), gap([2000, 3000])),
    );
    expect(firstTable(value).toJSON()).toEqual(expected.toJSON());
  });

  it('leaves rows with skipped grid columns to their cells when source maps are kept, as the editor reads', async () => {
    const rows = `<w:tr>${cell('a')}${cell('b')}</w:tr><w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>${cell('e')}</w:tr>`;
    const { value } = await read({ body: tbl(rows, '', [1000, 2000]) + paragraph('') }, { keepSources: true });
    expect(firstTable(value).child(1).childCount).toBe(1);
  });

  it('reads grid widths, column spans and vertical merges as colspan, rowspan and per-column widths', async () => {
    const rows =
      `<w:tr>${cell('wide', '<w:gridSpan w:val="2"/>')}${cell('tall', '<w:vMerge w:val="restart"/>')}</w:tr>` +
      `<w:tr>${cell('a')}${cell('b')}${cell('', '<w:vMerge/>')}</w:tr>` +
      `<w:tr>${cell('c')}${cell('d')}${cell('', '<w:vMerge w:val="continue"/>')}</w:tr>` +
      `<w:tr>${cell('e')}${cell('f')}${cell('g')}</w:tr>`;
    const { value } = await read({ body: tbl(rows) + paragraph('') });
    const expected = table(
      { columnWidths: [1000, 2000, 3000], borders: {} },
      tr(td({ colspan: 2, colwidth: [1000, 2000] }, p('wide')), td({ rowspan: 3, colwidth: [3000] }, p('tall'))),
      tr(td({ colwidth: [1000] }, p('a')), td({ colwidth: [2000] }, p('b'))),
      tr(td({ colwidth: [1000] }, p('c')), td({ colwidth: [2000] }, p('d'))),
      tr(td({ colwidth: [1000] }, p('e')), td({ colwidth: [2000] }, p('f')), td({ colwidth: [3000] }, p('g'))),
    );
    expect(firstTable(value).toJSON()).toEqual(expected.toJSON());
  });

  it('reads a table that neither its style nor its properties give borders as a table with none, not as one left to the writer', async () => {
    const result = firstTable((await read({ body: tbl(`<w:tr>${cell('a')}</w:tr>`, '', [4000]) })).value);
    expect(result.attrs['borders']).toEqual({});
  });

  it('reads the borders, shading and alignment of the table style under direct formatting', async () => {
    const styles =
      style(
        'table',
        'Grid',
        '<w:tblPr><w:jc w:val="center"/><w:tblBorders><w:top w:val="single" w:sz="4" w:color="auto"/><w:bottom w:val="double" w:sz="8" w:color="FF0000"/>' +
          '<w:insideH w:val="dashed" w:sz="2"/></w:tblBorders></w:tblPr><w:tcPr><w:shd w:val="clear" w:fill="EEEEEE"/></w:tcPr>',
      );
    const rows = `<w:tr>${cell('styled')}${cell('direct', '<w:shd w:val="clear" w:fill="00FF00"/><w:tcBorders><w:left w:val="nil"/></w:tcBorders><w:vAlign w:val="center"/>')}</w:tr>`;
    const tblPr = '<w:tblStyle w:val="Grid"/><w:tblBorders><w:top w:val="dotted" w:sz="16" w:color="0000FF"/></w:tblBorders><w:tblLook w:val="0000"/>';
    const result = firstTable((await read({ styles, body: tbl(rows, tblPr, [1000, 2000]) + paragraph('') })).value);
    expect(result.attrs).toEqual({
      styleId: 'Grid',
      columnWidths: [1000, 2000],
      borders: { top: { style: 'dotted', width: 2, color: '0000FF' }, bottom: { style: 'double', width: 1, color: 'FF0000' }, insideH: { style: 'dashed', width: 0.25, color: '000000' } },
      align: 'center',
      sourceId: null,
    });
    expect(result.child(0).child(0).attrs['background']).toBe('EEEEEE');
    expect(result.child(0).child(1).attrs).toMatchObject({ background: '00FF00', borders: { left: { style: 'none', width: 0, color: '000000' } }, verticalAlign: 'center' });
  });

  it('leaves out a row whose every cell continues a merge, shortening the merges across it', async () => {
    const rows =
      `<w:tr>${cell('left', '<w:vMerge w:val="restart"/>')}${cell('right', '<w:vMerge w:val="restart"/>')}</w:tr>` +
      `<w:tr>${cell('', '<w:vMerge/>')}${cell('', '<w:vMerge/>')}</w:tr>` +
      `<w:tr>${cell('', '<w:vMerge/>')}${cell('below')}</w:tr>`;
    const result = firstTable((await read({ body: tbl(rows, '', [1000, 2000]) + paragraph('') })).value);
    expect(result.toJSON()).toEqual(
      table({ columnWidths: [1000, 2000], borders: {} }, tr(td({ rowspan: 2, colwidth: [1000] }, p('left')), td({ colwidth: [2000] }, p('right'))), tr(td({ colwidth: [2000] }, p('below')))).toJSON(),
    );
  });

  it('reads header rows and row heights', async () => {
    const rows = `<w:tr><w:trPr><w:tblHeader/><w:trHeight w:val="400"/></w:trPr>${cell('head')}</w:tr><w:tr>${cell('body')}</w:tr>`;
    const result = firstTable((await read({ body: tbl(rows, '', [3000]) + paragraph('') })).value);
    expect(result.toJSON()).toEqual(table({ columnWidths: [3000], borders: {} }, tr({ header: true, height: 400 }, td({ colwidth: [3000] }, p('head'))), tr(td({ colwidth: [3000] }, p('body')))).toJSON());
  });

  it('applies the conditional formats of the table style that its look turns on, except the first-row format of a header row', async () => {
    const styles =
      paragraphStyle('Normal', '', { isDefault: true }) +
      style(
        'table',
        'Banded',
        '<w:tblPr><w:tblStyleRowBandSize w:val="1"/></w:tblPr>' +
          '<w:tblStylePr w:type="firstRow"><w:rPr><w:b/></w:rPr><w:tcPr><w:shd w:val="clear" w:fill="4472C4"/></w:tcPr></w:tblStylePr>' +
          '<w:tblStylePr w:type="band1Horz"><w:tcPr><w:shd w:val="clear" w:fill="D9E2F3"/></w:tcPr></w:tblStylePr>',
      );
    const rows = `<w:tr>${cell('Name')}</w:tr><w:tr>${cell('odd')}</w:tr><w:tr>${cell('even')}</w:tr><w:tr>${cell('odd again')}</w:tr>`;
    const look = '<w:tblStyle w:val="Banded"/><w:tblLook w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/>';
    const plain = firstTable((await read({ styles, body: tbl(rows, look, [3000]) + paragraph('') })).value);
    expect(plain.child(0).child(0).toJSON()).toEqual(td({ background: '4472C4', colwidth: [3000] }, p(b('Name'))).toJSON());
    expect([1, 2, 3].map((row) => plain.child(row).child(0).attrs['background'])).toEqual(['D9E2F3', null, 'D9E2F3']);

    const withHeader = rows.replace('<w:tr>', '<w:tr><w:trPr><w:tblHeader/></w:trPr>');
    const headed = firstTable((await read({ styles, body: tbl(withHeader, look, [3000]) + paragraph('') })).value);
    expect(headed.child(0).child(0).toJSON()).toEqual(td({ colwidth: [3000] }, p('Name')).toJSON());
  });

  it('reads rows and cells wrapped in content controls, and a deleted row with its change', async () => {
    const rows =
      `<w:sdt><w:sdtPr/><w:sdtContent><w:tr><w:sdt><w:sdtContent>${cell('in control')}</w:sdtContent></w:sdt></w:tr></w:sdtContent></w:sdt>` +
      `<w:tr><w:trPr><w:del w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z"/></w:trPr>${cell('deleted')}</w:tr>`;
    const result = await read({ body: tbl(rows, '', [3000]) + paragraph('') });
    const change = { kind: 'deletion', id: '1', author: 'A', date: '2024-01-01T00:00:00Z' };
    expect(firstTable(result.value).toJSON()).toEqual(table({ columnWidths: [3000], borders: {} }, tr(td({ colwidth: [3000] }, p('in control'))), tr({ change }, td({ colwidth: [3000] }, p('deleted')))).toJSON());
    expect(result.messages.map((message) => message.code)).not.toContain('READER_ELEMENT_DROPPED');
  });

  it('flattens tables nested deeper than maxDepth into their ancestor, keeping the text', async () => {
    let nested = paragraph('core');
    for (let level = 0; level < 12; level++) nested = tbl(`<w:tr><w:tc>${nested}</w:tc></w:tr>`, '', [3000]) + paragraph('');
    const result = await read({ body: nested }, { maxDepth: 9 });
    expect(result.value.textContent).toContain('core');
    expect(result.messages.map((message) => message.code)).toContain('READER_NESTING_FLATTENED');
    // maxDepth counts the table, its row and its cell: three levels each.
    expect(tableDepth(result.value)).toBe(3);
  });

  it('reads a cell that spans more columns than the grid has without failing', async () => {
    const result = await read({ body: tbl(`<w:tr>${cell('huge', '<w:gridSpan w:val="999999"/>')}</w:tr>`, '', [3000]) + paragraph('') });
    expect(firstTable(result.value).child(0).child(0).attrs).toMatchObject({ colspan: 1000, colwidth: null });
  });
});

function tableDepth(node: Node): number {
  let deepest = 0;
  node.forEach((child) => {
    deepest = Math.max(deepest, tableDepth(child));
  });
  return deepest + (node.type.name === 'table' ? 1 : 0);
}
