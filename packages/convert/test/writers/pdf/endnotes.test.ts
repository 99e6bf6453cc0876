// Endnotes as Word sets them by default: after the document's last paragraph, below a short rule,
// numbered i, ii… on their own; footnotes stay at the foot of the page that refers to them.
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import { pageCount, placedWords, type PlacedWord } from '../../../../../test/support/pdf-tools.js';

const SECTION = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';

function note(kind: 'footnote' | 'endnote', id: number, text: string): string {
  return `<w:${kind} w:id="${id}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:${kind}Ref/></w:r><w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p></w:${kind}>`;
}

const reference = (kind: 'footnote' | 'endnote', id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:${kind}Reference w:id="${id}"/></w:r>`;

async function render(): Promise<Uint8Array> {
  const body =
    `<w:p><w:r><w:t>Claim</w:t></w:r>${reference('footnote', 1)}<w:r><w:t xml:space="preserve"> and</w:t></w:r>${reference('endnote', 1)}` +
    `<w:r><w:t xml:space="preserve"> more</w:t></w:r>${reference('endnote', 2)}</w:p>${paragraph('Closing')}${SECTION}`;
  const docx = buildTestDocx({
    body,
    footnotes: note('footnote', 1, 'Alpha footnote.'),
    endnotes: note('endnote', 1, 'Bravo endnote.') + note('endnote', 2, 'Charlie endnote.'),
  });
  return writePdf((await readDocx(docx)).value);
}

function word(words: readonly PlacedWord[], text: string): PlacedWord {
  const found = words.find((placed) => placed.text === text);
  if (!found) throw new Error(`"${text}" is not on the page`);
  return found;
}

describe('writePdf endnotes', () => {
  it('sets endnotes after the last paragraph, in order, and footnotes at the foot of the page', async () => {
    const pdf = await render();
    expect(pageCount(pdf)).toBe(1);
    const words = placedWords(pdf, 1);
    const closing = word(words, 'Closing');
    const bravo = word(words, 'Bravo');
    const charlie = word(words, 'Charlie');
    const alpha = word(words, 'Alpha');
    // A rule's height below the last paragraph, well above the page's foot (Letter, 792 pt; one-inch margins).
    expect(bravo.yMin).toBeGreaterThan(closing.yMax);
    expect(bravo.yMin - closing.yMax).toBeLessThan(40);
    expect(charlie.yMin).toBeGreaterThan(bravo.yMax);
    expect(alpha.yMin).toBeGreaterThan(700);
  });

  it('numbers endnotes i, ii on their own, apart from the footnotes', async () => {
    const words = placedWords(await render(), 1);
    // The references in the text, then each note's number just before its text, on its line.
    expect(words.slice(0, 6).map((placed) => placed.text)).toEqual(['Claim', '1', 'and', 'i', 'more', 'ii']);
    const numberBefore = (text: string) => {
      const target = word(words, text);
      return words.find((placed) => placed.xMax <= target.xMin && placed.yMax > target.yMin && placed.yMin < target.yMax)?.text;
    };
    expect(numberBefore('Bravo')).toBe('i');
    expect(numberBefore('Charlie')).toBe('ii');
    expect(numberBefore('Alpha')).toBe('1');
  });
});
