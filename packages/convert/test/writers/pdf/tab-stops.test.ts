import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';

// A4 with one-inch margins: the text column runs from 72 pt to 523.3 pt.
const SECTION = '<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
const COLUMN_LEFT = 72;
const COLUMN_RIGHT = 595.3 - 72;

const STYLES =
  paragraphStyle('Normal', '<w:rPr><w:sz w:val="22"/></w:rPr>', { isDefault: true }) +
  paragraphStyle('Footer', '<w:pPr><w:tabs><w:tab w:val="center" w:pos="4513"/><w:tab w:val="right" w:pos="9026"/></w:tabs><w:spacing w:after="0"/></w:pPr>', { name: 'footer', basedOn: 'Normal' });

function tabbed(tabs: string, ...parts: string[]): string {
  return `<w:p><w:pPr><w:tabs>${tabs}</w:tabs></w:pPr>${parts.map((part) => (part === '\t' ? '<w:r><w:tab/></w:r>' : `<w:r><w:t xml:space="preserve">${part}</w:t></w:r>`)).join('')}</w:p>`;
}

async function pdfOf(body: string, footer = '<w:p><w:r><w:t>Footer</w:t></w:r></w:p>'): Promise<Uint8Array> {
  const docx = buildTestDocx({ body: body + SECTION, styles: STYLES, footers: { rIdF: footer } });
  return writePdf((await readDocx(docx)).value);
}

describe('writePdf tab stops', () => {
  it('ends the text after a tab at a right tab stop of the footer style, as "Page 1 of 2" stands in Word', async () => {
    const footer = '<w:p><w:pPr><w:pStyle w:val="Footer"/></w:pPr><w:r><w:t>Confidential</w:t></w:r><w:r><w:tab/></w:r><w:r><w:tab/></w:r><w:r><w:t>Page 1 of 2</w:t></w:r></w:p>';
    const words = placedWords(await pdfOf('<w:p><w:r><w:t>Body</w:t></w:r></w:p>', footer), 1);
    expect(words.find((word) => word.text === 'Confidential')!.xMin).toBeCloseTo(COLUMN_LEFT, 0);
    expect(words.find((word) => word.text === '2')!.xMax).toBeCloseTo(COLUMN_LEFT + 9026 / 20, 0);
  });

  it('sets text after left, centre, right and decimal stops where each stop says', async () => {
    const body =
      tabbed('<w:tab w:val="left" w:pos="2880"/>', 'Name', '\t', 'Left') +
      tabbed('<w:tab w:val="center" w:pos="4320"/>', 'Name', '\t', 'Centred') +
      tabbed('<w:tab w:val="right" w:pos="9026"/>', 'Name', '\t', 'Right') +
      tabbed('<w:tab w:val="decimal" w:pos="5760"/>', 'Total', '\t', '1234.50');
    const words = placedWords(await pdfOf(body), 1);
    const word = (text: string) => words.find((each) => each.text === text)!;
    expect(word('Left').xMin).toBeCloseTo(COLUMN_LEFT + 144, 0);
    expect((word('Centred').xMin + word('Centred').xMax) / 2).toBeCloseTo(COLUMN_LEFT + 216, 0);
    expect(word('Right').xMax).toBeCloseTo(COLUMN_RIGHT, 0);
    // The decimal point stands at the stop: "1234" ends there.
    const amount = word('1234.50');
    expect(amount.xMin).toBeLessThan(COLUMN_LEFT + 288);
    expect(amount.xMax).toBeGreaterThan(COLUMN_LEFT + 288);
    expect(amount.xMax - (COLUMN_LEFT + 288)).toBeLessThan((amount.xMax - amount.xMin) / 2);
  });

  it('fills the space of a tab with dots, hyphens or underscores up to a right-aligned page number', async () => {
    const body =
      tabbed('<w:tab w:val="right" w:leader="dot" w:pos="9026"/>', 'Introduction', '\t', '1') +
      tabbed('<w:tab w:val="right" w:leader="hyphen" w:pos="9026"/>', 'Methods', '\t', '12') +
      tabbed('<w:tab w:val="right" w:leader="underscore" w:pos="9026"/>', 'Signature', '\t', '3');
    const words = placedWords(await pdfOf(body), 1);
    // pdftotext joins a leader with the words it touches: "Introduction.......1".
    const leaders = [/^Introduction\.{40,}1$/, /^-{40,}12$/, /^_{40,}$/].map((pattern) => words.find((word) => pattern.test(word.text)));
    expect(leaders.every((leader) => leader !== undefined)).toBe(true);
    // Each leader runs up to the number after it.
    for (const leader of leaders) expect(leader!.xMax).toBeGreaterThan(COLUMN_RIGHT - 10);
    expect(words.find((word) => word.text === '3')!.xMax).toBeCloseTo(COLUMN_RIGHT, 0);
  });

  it('moves text after a tab without custom stops to the next half inch', async () => {
    const words = placedWords(await pdfOf(tabbed('', 'A', '\t', 'B')), 1);
    expect(words.find((word) => word.text === 'B')!.xMin).toBeCloseTo(COLUMN_LEFT + 36, 0);
  });
});
