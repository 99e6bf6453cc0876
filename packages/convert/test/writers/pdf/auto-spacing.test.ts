// Automatic paragraph spacing (w:beforeAutospacing, w:afterAutospacing), as Word's "Normal (Web)"
// style and HTML pasted into Word set it: 14 pt, the larger of two spaces rather than their sum
// where either is automatic, and none at the top of the document or at the edges of a table cell.
// Measured against LibreOffice given the writer's fonts, so that only spacing can differ.
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import { withWriterFonts } from './libreoffice-fonts.js';

const AUTO = '<w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1"/>';
const WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo'] as const;

function paragraph(word: string, pPr = ''): string {
  return `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:t>${word} paragraph</w:t></w:r></w:p>`;
}

function cell(content: string): string {
  return `<w:tc><w:tcPr><w:tcW w:w="6000" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
}

/**
 * Paragraphs in Normal (Web) with their own space after, as superdoc-40-pages has them; paragraphs
 * automatic on both sides; a plain one between spaces of 30 pt; two in a table cell; one after the table.
 */
function autoSpacedDocx(): Uint8Array {
  const web = '<w:pStyle w:val="NormalWeb"/><w:spacing w:after="210" w:afterAutospacing="0"/>';
  const [a, b, c, d, e, f, g, h, i, j, k] = WORDS;
  const body =
    paragraph(a, web) +
    paragraph(b, web) +
    paragraph(c, web) +
    paragraph(d, AUTO) +
    paragraph(e, AUTO) +
    paragraph(f, '<w:spacing w:before="600" w:after="600"/>') +
    paragraph(g, AUTO) +
    paragraph(h) +
    '<w:tbl><w:tblPr><w:tblW w:w="6000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="6000"/></w:tblGrid>' +
    `<w:tr>${cell(paragraph(i, AUTO) + paragraph(j, AUTO))}</w:tr></w:tbl>` +
    paragraph(k, AUTO) +
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
  const styles =
    paragraphStyle('Normal', '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr>', {
      isDefault: true,
    }) + paragraphStyle('NormalWeb', `<w:pPr>${AUTO}</w:pPr>`, { name: 'Normal (Web)', basedOn: 'Normal' });
  const settings = '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>';
  return buildTestDocx({ body, styles, settings });
}

/** The top of each paragraph's first word on page 1, by that word. */
function tops(pdf: Uint8Array): Map<string, number> {
  const words = placedWords(pdf, 1);
  return new Map(WORDS.map((word) => [word, words.find((placed) => placed.text === word)?.yMin ?? Number.NaN]));
}

describe('writePdf automatic paragraph spacing', () => {
  it('places each paragraph where LibreOffice places it, within half a point', { timeout: 120_000 }, async () => {
    const docx = autoSpacedDocx();
    const reference = await withWriterFonts(() => convertWithLibreOffice(new Map([['auto.docx', docx]]), 'pdf'));
    const theirs = tops(reference.get('auto.docx')!);
    const ours = tops(await writePdf((await readDocx(docx)).value));
    // Between Normal (Web) paragraphs: 13.4 pt of line and 14 pt of space (the larger of 10.5 and 14, not 24.5).
    expect(theirs.get('Bravo')! - theirs.get('Alpha')!).toBeCloseTo(13.4 + 14, 0);
    // Automatic space before the document's first paragraph is none.
    expect(Math.abs(ours.get('Alpha')! - theirs.get('Alpha')!)).toBeLessThan(0.5);
    // Each paragraph's distance from the one before, as LibreOffice has it. Into and out of the
    // table the writer's cell edges add about 0.9 pt each, automatic spacing or not; a space of
    // 14 pt kept or dropped wrongly is far beyond either bound.
    const gaps = WORDS.slice(1).map((word, index) => {
      const previous = WORDS[index]!;
      const off = ours.get(word)! - ours.get(previous)! - (theirs.get(word)! - theirs.get(previous)!);
      const bound = word === 'India' || word === 'Kilo' ? 1.5 : 0.5;
      return `${previous} → ${word}: ${Math.abs(off) < bound ? 'as LibreOffice' : `${off.toFixed(1)} pt off`}`;
    });
    expect(gaps).toEqual(WORDS.slice(1).map((word, index) => `${WORDS[index]!} → ${word}: as LibreOffice`));
  });
});
