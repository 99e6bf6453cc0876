// Footnotes as Word sets them: in Footnote Text (10 pt, single spacing, nothing after), the number
// in the superscript Footnote Reference style and followed by a space, so that a Markdown note
// looks in Word and LibreOffice as the built-in PDF writer sets it.
import { describe, expect, it } from 'vitest';
import { codeBlock, doc, footnote, footnoteRef, p } from '../../../../quire/src/model/builders.js';
import type { Node } from 'prosemirror-model';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writeDocx } from 'quire/writers';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import type { PlacedWord } from '../../../../../test/support/pdf-tools.js';
import { withWriterFonts } from '../pdf/libreoffice-fonts.js';
import { extractWordText, findAll, readDocxParts, readPart } from '../../../../../test/support/docx-parts.js';

const LONG_NOTE = 'Alpha note runs on for long enough to need a second line at the size of its footnote text style, which is smaller than the body text of the page.';
const MARKDOWN = `A claim with a note[^1] and another[^2].\n\n[^1]: ${LONG_NOTE}\n[^2]: Bravo note.\n`;

async function writeNotes(model: Node): Promise<{ notes: string; styles: string }> {
  const parts = readDocxParts(await writeDocx(model));
  return { notes: readPart(parts, 'word/footnotes.xml'), styles: readPart(parts, 'word/styles.xml') };
}

/** The content of the numbered footnote `id`. */
function note(notes: string, id: number): string {
  const found = new RegExp(`<w:footnote w:id="${id}">(.*?)</w:footnote>`).exec(notes);
  if (!found) throw new Error(`no footnote ${id} in ${notes}`);
  return found[1]!;
}

/** The style definition with id `styleId`. */
function style(styles: string, styleId: string): string {
  const found = new RegExp(`<w:style [^>]*w:styleId="${styleId}".*?</w:style>`).exec(styles);
  if (!found) throw new Error(`no ${styleId} style`);
  return found[0];
}

function word(words: readonly PlacedWord[], text: string, below = 0): PlacedWord {
  const found = words.find((placed) => placed.text === text && placed.yMin > below);
  if (!found) throw new Error(`"${text}" is not on the page`);
  return found;
}

/** Where the first note's number and text stand, their size relative to the body's, and the note lines' pitch. */
function noteArea(pdf: Uint8Array) {
  const words = placedWords(pdf, 1);
  const claim = word(words, 'claim');
  const alpha = word(words, 'Alpha', claim.yMax);
  const one = words.find((placed) => placed.text === '1' && placed.yMin > claim.yMax && placed.xMax <= alpha.xMin)!;
  const than = word(words, 'than', alpha.yMax - 1);
  // A word's box is its font's ascent and descent at its size: the same font, so sizes go as heights.
  const height = (placed: PlacedWord) => placed.yMax - placed.yMin;
  return { alpha, one, than, pitch: than.yMin - alpha.yMin, noteSize: (11 * height(alpha)) / height(claim), numberScale: height(one) / height(alpha) };
}

describe('writeDocx notes', () => {
  it('puts Markdown notes in Footnote Text, their number followed by a space, as Word does', async () => {
    const { notes } = await writeNotes(readMarkdown(MARKDOWN).value);
    for (const id of [1, 2]) {
      const content = note(notes, id);
      expect(content).toMatch(/^<w:p><w:pPr><w:pStyle w:val="FootnoteText"\/><\/w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"\/><\/w:rPr><w:footnoteRef\/><\/w:r>/);
      expect(extractWordText(content)).toMatch(/^ [AB]/);
    }
    expect(extractWordText(note(notes, 2))).toBe(' Bravo note.');
  });

  it("defines Footnote Text and Footnote Reference as Word's built-in styles: 10 pt, single spacing, nothing after; superscript", async () => {
    const { styles } = await writeNotes(readMarkdown(MARKDOWN).value);
    const text = style(styles, 'FootnoteText');
    expect(text).toMatch(/w:type="paragraph"/);
    expect(text).toMatch(/<w:name w:val="footnote text"\/>/);
    expect(text).toMatch(/<w:basedOn w:val="Normal"\/>/);
    expect(text).toMatch(/<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"\/>/);
    expect(text).toMatch(/<w:sz w:val="20"\/>/);
    const reference = style(styles, 'FootnoteReference');
    expect(reference).toMatch(/w:type="character"/);
    expect(reference).toMatch(/<w:vertAlign w:val="superscript"\/>/);
  });

  it('adds no second space to a note whose text starts with one, as a note read from DOCX does', async () => {
    const { notes } = await writeNotes(doc(p('Claim', footnoteRef('n')), footnote('n', p(' Already spaced'))));
    expect(extractWordText(note(notes, 1))).toBe(' Already spaced');
  });

  it("puts a note's later paragraphs in Footnote Text too, and leaves code in Source Code", async () => {
    const { notes } = await writeNotes(doc(p('Claim', footnoteRef('n')), footnote('n', p('First'), p('Second'), codeBlock('x = 1'))));
    const styles = findAll(note(notes, 1), /<w:p>(?:<w:pPr><w:pStyle w:val="([^"]+)"\/>)?/g).map((match) => match[1]);
    expect(styles).toEqual(['FootnoteText', 'FootnoteText', 'SourceCode']);
    expect(extractWordText(note(notes, 1))).toBe(' FirstSecondx = 1');
  });

  it('is set by LibreOffice at 10 pt with a superscript number and a space, where the built-in PDF writer sets the same Markdown', { timeout: 120_000 }, async () => {
    const model = readMarkdown(MARKDOWN).value;
    const docx = await writeDocx(model);
    const converted = await withWriterFonts(() => convertWithLibreOffice(new Map([['notes.docx', docx]]), 'pdf'));
    const theirs = noteArea(converted.get('notes.docx')!);
    const ours = noteArea(await writePdf(model));
    // Normal's 11 pt would measure 11, and a full-size number as high as the text.
    expect(theirs.noteSize).toBeCloseTo(10, 1);
    expect(theirs.numberScale).toBeLessThan(0.7);
    expect(theirs.one.yMax).toBeLessThan(theirs.alpha.yMax - 3);
    expect(theirs.one.xMin).toBeCloseTo(72, 0);
    expect(theirs.alpha.xMin - theirs.one.xMax).toBeGreaterThan(1.5);
    // The two writers agree: the text starts at the same place, the lines break alike, single spacing.
    expect(Math.abs(theirs.alpha.xMin - ours.alpha.xMin)).toBeLessThan(0.75);
    expect(theirs.than.xMin).toBeCloseTo(72, 0);
    expect(ours.than.xMin).toBeCloseTo(72, 0);
    expect(Math.abs(theirs.pitch - ours.pitch)).toBeLessThan(0.3);
  });
});
