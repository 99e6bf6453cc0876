// Footnotes and endnotes in their note text style (Footnote Text, Endnote Text: Word's is 10 pt,
// single spacing, nothing after) with their number superscript at the start of the note, as the
// Footnote Reference style sets it. Measured against LibreOffice given the writer's fonts.
import { describe, expect, it } from 'vitest';
import { build } from 'quire/model';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import type { PlacedWord } from '../../../../../test/support/pdf-tools.js';
import { withWriterFonts } from './libreoffice-fonts.js';
import { pageDrawings } from './pdf-drawings.js';
import type { DrawnText } from './pdf-drawings.js';

const { doc, p, footnote, footnoteRef } = build;

const LONG_NOTE = 'Alpha note runs on for long enough to need a second line at the size of its footnote text style, which is smaller than the body text of the page.';

const SECTION = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
const FONT = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>';

function noteXml(kind: 'footnote' | 'endnote', id: number, text: string, style: string | null): string {
  const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:${kind} w:id="${id}"><w:p>${pPr}<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:${kind}Ref/></w:r><w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p></w:${kind}>`;
}

/** Body in Normal (12 pt, 8 pt after, 1.08 lines) with two footnotes in Footnote Text (9 pt, single, nothing after), or in Normal. */
function notesDocx(noteStyle: string | null, endnote = false): Uint8Array {
  const styles =
    paragraphStyle('Normal', `<w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr><w:rPr>${FONT}<w:sz w:val="24"/></w:rPr>`, { isDefault: true }) +
    paragraphStyle('FootnoteText', '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr>', { name: 'footnote text', basedOn: 'Normal' }) +
    paragraphStyle('EndnoteText', '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="16"/></w:rPr>', { name: 'endnote text', basedOn: 'Normal' }) +
    '<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>';
  const reference = (kind: string, id: number) => `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:${kind}Reference w:id="${id}"/></w:r>`;
  const body =
    `<w:p><w:r><w:t>Claim</w:t></w:r>${reference('footnote', 1)}<w:r><w:t xml:space="preserve"> and more</w:t></w:r>${reference('footnote', 2)}` +
    `${endnote ? reference('endnote', 1) : ''}</w:p>${SECTION}`;
  return buildTestDocx({
    body,
    styles,
    footnotes: noteXml('footnote', 1, LONG_NOTE, noteStyle) + noteXml('footnote', 2, 'Bravo note.', noteStyle),
    ...(endnote ? { endnotes: noteXml('endnote', 1, 'Charlie note.', 'EndnoteText') } : {}),
  });
}

function word(words: readonly PlacedWord[], text: string, from = 0): PlacedWord {
  const found = words.find((placed) => placed.text === text && placed.yMin > from);
  if (!found) throw new Error(`"${text}" is not on the page`);
  return found;
}

/** The text drawn with its baseline inside a word's box, starting nearest before the word (the run that holds it). */
function drawnAt(pdf: Uint8Array, placed: PlacedWord): DrawnText {
  const texts = pageDrawings(pdf)[0]!.texts.filter((text) => text.x <= placed.xMin + 0.5 && text.baseline > placed.yMin && text.baseline <= placed.yMax + 1);
  const found = texts.sort((a, b) => b.x - a.x)[0];
  if (!found) throw new Error(`nothing drawn at ${placed.text}`);
  return found;
}

/** The note area as measured: where the notes' first words start and stand, their numbers' size, the line pitch. */
function noteArea(pdf: Uint8Array) {
  const words = placedWords(pdf, 1);
  const claim = word(words, 'Claim');
  const alpha = word(words, 'Alpha', claim.yMax);
  const bravo = word(words, 'Bravo', claim.yMax);
  const secondLine = words.find((placed) => placed.xMin < alpha.xMin - 2 && placed.yMin > alpha.yMin + 2 && placed.yMin < bravo.yMin - 2)!;
  const one = words.find((placed) => placed.text === '1' && placed.yMin > claim.yMax)!;
  return { alpha, bravo, one, pitch: secondLine.yMin - alpha.yMin, gap: bravo.yMin - secondLine.yMin };
}

describe('writePdf note text', () => {
  it("sets DOCX footnotes in the document's Footnote Text style, numbered superscript at the note's start, where LibreOffice sets them", { timeout: 120_000 }, async () => {
    const docx = notesDocx('FootnoteText');
    const reference = await withWriterFonts(() => convertWithLibreOffice(new Map([['notes.docx', docx]]), 'pdf'));
    const pdf = await writePdf((await readDocx(docx)).value);
    const ours = noteArea(pdf);
    const theirs = noteArea(reference.get('notes.docx')!);
    // 9 pt text, its number two thirds of that and raised, at the left margin, the text after a space.
    expect(drawnAt(pdf, ours.alpha).size).toBe(9);
    const number = drawnAt(pdf, ours.one);
    expect(number.size).toBeCloseTo(9 * 0.65, 5);
    expect(number.baseline).toBeLessThan(drawnAt(pdf, ours.alpha).baseline - 2);
    expect(ours.one.xMin).toBeCloseTo(72, 0);
    expect(Math.abs(ours.alpha.xMin - theirs.alpha.xMin)).toBeLessThan(0.75);
    // Single spacing and nothing after, as the style says (Normal's 1.08 lines and 8 pt after would give 11.9 and 19.9).
    expect(Math.abs(ours.pitch - theirs.pitch)).toBeLessThan(0.3);
    expect(Math.abs(ours.gap - theirs.gap)).toBeLessThan(0.3);
    expect(ours.pitch).toBeLessThan(11.5);
  });

  it('sets notes whose paragraphs are in Normal at the body size, as their formatting is relative to it', async () => {
    const pdf = await writePdf((await readDocx(notesDocx(null))).value);
    const { alpha, pitch } = noteArea(pdf);
    expect(drawnAt(pdf, alpha).size).toBe(12);
    expect(pitch).toBeGreaterThan(15);
  });

  it('sets endnotes in the Endnote Text style', async () => {
    const pdf = await writePdf((await readDocx(notesDocx('FootnoteText', true))).value);
    const words = placedWords(pdf, 1);
    const charlie = word(words, 'Charlie');
    expect(drawnAt(pdf, charlie).size).toBe(8);
    expect(drawnAt(pdf, word(words, 'Bravo')).size).toBe(9);
  });

  it("sets notes of a document without styles (Markdown) in Word's Footnote Text: 10 pt, single spacing, nothing after", async () => {
    const pdf = await writePdf(doc(p('Claim', footnoteRef('a'), ' and more', footnoteRef('b')), footnote('a', p(LONG_NOTE)), footnote('b', p('Bravo note.'))));
    const { alpha, bravo, one, pitch, gap } = noteArea(pdf);
    expect(drawnAt(pdf, alpha).size).toBe(10);
    expect(drawnAt(pdf, bravo).size).toBe(10);
    expect(drawnAt(pdf, one).size).toBeCloseTo(6.5, 5);
    expect(one.xMin).toBeCloseTo(72, 0);
    // A space between the number and the text, though the note's text starts without one.
    expect(alpha.xMin - one.xMax).toBeGreaterThan(1.5);
    // Carlito's line at 10 pt, single: 12.2 pt, the same between notes.
    expect(pitch).toBeCloseTo(12.2, 0);
    expect(gap).toBeCloseTo(pitch, 1);
  });
});
