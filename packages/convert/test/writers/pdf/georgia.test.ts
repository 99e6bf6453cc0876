// Georgia, a common Word font, is set in Gelasio, its metric-compatible open clone: the same
// advance widths, so lines break where they do in Word, and lines as tall as Georgia's.
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { listFonts, placedWords } from '../../../../../test/support/pdf-tools.js';
import { withWriterFonts } from './libreoffice-fonts.js';

const TEXT =
  'Georgia was drawn for the screen, with generous widths and figures that sit among lower-case letters; ' +
  'a document set in it breaks its lines where the widths of its letters put the breaks, so a substitute ' +
  'with other widths moves every break after the first difference and, over a few pages, the page breaks too. ' +
  'Quick brown foxes jump over lazy dogs while wizards quietly box the jug of mixed vowels and thin glyphs.';

/** A Georgia 11 pt document: one long paragraph, then one in bold, italic and bold italic. */
function georgiaDocx(): Uint8Array {
  const run = (text: string, rPr = '') => `<w:r><w:rPr>${rPr}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
  return buildTestDocx({
    body:
      `<w:p>${run(TEXT)}</w:p>` +
      `<w:p>${run('Bold words, ', '<w:b/>')}${run('italic words ', '<w:i/>')}${run('and both.', '<w:b/><w:i/>')}</w:p>` +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>',
    styles: paragraphStyle('Normal', '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"/><w:sz w:val="22"/></w:rPr>', {
      isDefault: true,
    }),
  });
}

/** The text of each line of page 1, top to bottom, from the words' boxes. */
function lines(pdf: Uint8Array): { text: string; top: number }[] {
  const found: { text: string; top: number }[] = [];
  for (const word of placedWords(pdf, 1)) {
    const line = found.find((candidate) => Math.abs(candidate.top - word.yMin) < 2);
    if (line) line.text += ` ${word.text}`;
    else found.push({ text: word.text, top: word.yMin });
  }
  return found.sort((a, b) => a.top - b.top);
}

describe('writePdf Georgia', () => {
  it('embeds Gelasio for Georgia, in its regular, bold, italic and bold italic faces', async () => {
    const pdf = await writePdf((await readDocx(georgiaDocx())).value);
    const names = new Set(listFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, '')));
    expect([...names].sort()).toEqual(['Gelasio-Bold', 'Gelasio-BoldItalic', 'Gelasio-Italic', 'Gelasio-Regular']);
  });

  it("gives single-spaced lines Georgia's height, 1878 + 449 units of 2048, not Gelasio's taller 1900 + 700", async () => {
    const pdf = await writePdf((await readDocx(georgiaDocx())).value);
    const tops = lines(pdf).map((line) => line.top);
    expect(tops.length).toBeGreaterThanOrEqual(5);
    const pitch = (tops[4]! - tops[0]!) / 4;
    expect(pitch).toBeCloseTo((11 * (1878 + 449)) / 2048, 1);
  });

  it('breaks lines where LibreOffice breaks them with the same font', { timeout: 120_000 }, async () => {
    const docx = georgiaDocx();
    const reference = await withWriterFonts(() => convertWithLibreOffice(new Map([['georgia.docx', docx]]), 'pdf'));
    const theirs = lines(reference.get('georgia.docx')!).map((line) => line.text);
    const ours = lines(await writePdf((await readDocx(docx)).value)).map((line) => line.text);
    expect(theirs.length).toBeGreaterThanOrEqual(5);
    expect(ours).toEqual(theirs);
  });
});
