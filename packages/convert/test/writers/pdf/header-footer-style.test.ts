import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { pageDrawings } from './pdf-drawings.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';

const STYLES =
  paragraphStyle('Normal', '<w:rPr><w:sz w:val="22"/></w:rPr>', { isDefault: true }) +
  paragraphStyle('Header', '<w:pPr><w:spacing w:after="0"/></w:pPr><w:rPr><w:color w:val="808080"/><w:sz w:val="18"/></w:rPr>', { name: 'header', basedOn: 'Normal' }) +
  paragraphStyle('Footer', '<w:pPr><w:jc w:val="right"/><w:spacing w:after="0"/></w:pPr>', { name: 'footer', basedOn: 'Normal' });

const SECTION = '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';

async function furniturePdf(): Promise<Uint8Array> {
  const docx = buildTestDocx({
    body: `<w:p><w:r><w:t>Body text</w:t></w:r></w:p>${SECTION}`,
    styles: STYLES,
    headers: { rIdH: '<w:p><w:pPr><w:pStyle w:val="Header"/><w:jc w:val="center"/></w:pPr><w:r><w:t>Quarterly report</w:t></w:r></w:p>' },
    footers: { rIdF: '<w:p><w:pPr><w:pStyle w:val="Footer"/></w:pPr><w:r><w:t>Page 1 of 2</w:t></w:r></w:p>' },
  });
  return writePdf((await readDocx(docx)).value);
}

describe('writePdf headers and footers', () => {
  it("sets a header in its Header style's size and colour, centred by its own w:jc", async () => {
    const pdf = await furniturePdf();
    const words = placedWords(pdf, 1);
    const quarterly = words.find((word) => word.text === 'Quarterly')!;
    const report = words.find((word) => word.text === 'report')!;
    const middle = (quarterly.xMin + report.xMax) / 2;
    expect(middle).toBeCloseTo(72 + (595.3 - 144) / 2, 0);
    const drawn = pageDrawings(pdf)[0]!.texts.find((text) => Math.abs(text.x - quarterly.xMin) < 0.5)!;
    expect(drawn.size).toBe(9);
    expect(drawn.color).toBe('808080');
  });

  it('aligns a footer right when its Footer style says so', async () => {
    const pdf = await furniturePdf();
    const last = placedWords(pdf, 1).find((word) => word.text === '2')!;
    expect(last.xMax).toBeCloseTo(595.3 - 72, 0);
    const body = pageDrawings(pdf)[0]!.texts.find((text) => text.baseline < 200 && text.baseline > 72 + 9)!;
    expect(body.size).toBe(11);
  });
});
