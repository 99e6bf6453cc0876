import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { readHtml } from '../../../src/readers/read-html.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writeDocx } from 'quire/writers';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { pageDrawings } from './pdf-drawings.js';
import { listFonts, placedWords } from '../../../../../test/support/pdf-tools.js';

const { doc, section, p, table, tr, td } = build;

const INVENTORY = '| Item | Where | Reorder level |\n|---|---|---|\n| Bolts | Warehouse A | 12 |\n| Nuts | Warehouse B | 40 |\n';

async function docxPart(bytes: Uint8Array, name: string): Promise<string> {
  return strFromU8(unzipSync(bytes)[name]!);
}

describe('writePdf tables', () => {
  it('widens a grid column too narrow for its longest word, taking the room from a wider one, instead of breaking the word', async () => {
    const narrow = table({ columnWidths: [800, 4000, 4000] }, tr(td(p('Warehouse A')), td(p('Reorder level')), td(p('Notes'))));
    const pdf = await writePdf(doc(section(narrow)));
    const texts = placedWords(pdf, 1).map((word) => word.text);
    expect(texts).toContain('Warehouse');
    expect(texts).not.toContain('Warehou');
    const reorder = placedWords(pdf, 1).find((word) => word.text === 'Reorder')!;
    const warehouse = placedWords(pdf, 1).find((word) => word.text === 'Warehouse')!;
    expect(reorder.xMin).toBeGreaterThan(warehouse.xMax + 10);
  });

  it('sets the header row of a Markdown table bold on the grey that the DOCX writer gives it', async () => {
    const model = readMarkdown(INVENTORY).value;
    const pdf = await writePdf(model);
    expect(listFonts(pdf).some((font) => /Bold/.test(font.name))).toBe(true);
    const item = placedWords(pdf, 1).find((word) => word.text === 'Item')!;
    const bolts = placedWords(pdf, 1).find((word) => word.text === 'Bolts')!;
    const fills = pageDrawings(pdf)[0]!.rects;
    const behind = (word: { xMin: number; yMin: number }): string[] =>
      fills.filter((rect) => rect.x <= word.xMin && rect.x + rect.width >= word.xMin && rect.y <= word.yMin && rect.y + rect.height >= word.yMin).map((rect) => rect.color);
    expect(behind(item)).toEqual(['F2F2F2']);
    expect(behind(bolts)).toEqual([]);
    const styles = await docxPart(await writeDocx(model), 'word/styles.xml');
    expect(styles).toMatch(/<w:tblStylePr w:type="firstRow"><w:rPr><w:b\/>.*w:fill="F2F2F2"/);
  });

  it("sets an HTML header cell bold on its own background in PDF as in DOCX", async () => {
    const model = readHtml('<table><thead><tr><th style="background-color:#DDEEFF">Name</th></tr></thead><tbody><tr><td>Ada</td></tr></tbody></table>').value;
    const pdf = await writePdf(model);
    expect(listFonts(pdf).some((font) => /Bold/.test(font.name))).toBe(true);
    expect(pageDrawings(pdf)[0]!.rects.map((rect) => rect.color)).toContain('DDEEFF');
    expect(pageDrawings(pdf)[0]!.rects.map((rect) => rect.color)).not.toContain('F2F2F2');
    expect(await docxPart(await writeDocx(model), 'word/document.xml')).toContain('w:fill="DDEEFF"');
  });

  it('paints the shading of a paragraph inside a cell', async () => {
    const cell = '<w:tc><w:p><w:pPr><w:shd w:val="clear" w:color="auto" w:fill="FFF2CC"/></w:pPr><w:r><w:t>Shaded</w:t></w:r></w:p></w:tc>';
    const docx = buildTestDocx({ body: `<w:tbl><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr>${cell}</w:tr></w:tbl><w:p/>` });
    const pdf = await writePdf((await readDocx(docx)).value);
    const shaded = placedWords(pdf, 1).find((word) => word.text === 'Shaded')!;
    const fill = pageDrawings(pdf)[0]!.rects.find((rect) => rect.color === 'FFF2CC');
    expect(fill).toBeDefined();
    expect(fill!.y).toBeLessThanOrEqual(shaded.yMin + 0.01);
    expect(fill!.y + fill!.height).toBeGreaterThanOrEqual(shaded.yMax - 0.01);
  });

  it('draws a double border as two parallel lines', async () => {
    const double = { style: 'double', width: 0.5, color: '1F4E79' };
    const boxed = table({ borders: { top: double, bottom: double, left: double, right: double } }, tr(td(p('Boxed'))));
    const pdf = await writePdf(doc(section(boxed)));
    const top = pageDrawings(pdf)[0]!.lines.filter((line) => line.color === '1F4E79' && line.y1 === line.y2);
    const rows = [...new Set(top.map((line) => line.y1.toFixed(2)))];
    expect(rows).toHaveLength(4);
  });
  it('draws no lines around a DOCX table whose styles give it no borders, as Word does, and the grid of a table style that has them', async () => {
    const rows = '<w:tr><w:tc><w:p><w:r><w:t>Plain</w:t></w:r></w:p></w:tc></w:tr>';
    const grid = '<w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>';
    const styles =
      '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/></w:style>' +
      '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders>' +
      ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`).join('') +
      '</w:tblBorders></w:tblPr></w:style>';
    const linesOf = async (tblPr: string) => {
      const docx = buildTestDocx({ styles, body: `<w:tbl><w:tblPr>${tblPr}</w:tblPr>${grid}${rows}</w:tbl><w:p/>` });
      return pageDrawings(await writePdf((await readDocx(docx)).value))[0]!.lines;
    };
    expect(await linesOf('')).toEqual([]);
    expect(await linesOf('<w:tblStyle w:val="TableGrid"/>')).toHaveLength(4);
    const markdown = pageDrawings(await writePdf(readMarkdown(INVENTORY).value))[0]!.lines;
    expect(markdown.length).toBeGreaterThan(0);
  });
});
