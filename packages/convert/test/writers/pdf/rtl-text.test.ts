import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import { listFonts, pdfText, runPoppler } from '../../../../../test/support/pdf-tools.js';

const { doc, p } = build;

/** A word as `pdftotext -bbox` reports it: its text (characters in drawing order) and its box in points. */
interface Word {
  readonly text: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
}

function listWords(pdf: Uint8Array): Word[] {
  const out = runPoppler('pdftotext', ['-bbox', '-enc', 'UTF-8', '$PDF', '-'], pdf);
  return [...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    text: match[4]!,
  }));
}

// pdftotext wraps right-to-left words in bidirectional embeddings (U+202A..U+202E); they carry no text.
function plain(text: string): string {
  return text.replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ').trim();
}

const A4_RIGHT_MARGIN = 595.28 - 72;

describe('writePdf right-to-left text', () => {
  it('draws Persian, Arabic and Hebrew with embedded fonts, extracted in logical order', async () => {
    const samples = ['می‌خواهم کتاب بخوانم', 'مرحبا بالعالم', 'שלום עולם'];
    const pdf = await writePdf(doc(...samples.map((sample) => p(sample))));
    const fonts = listFonts(pdf);
    expect(fonts.some((font) => font.name.includes('NotoSansArabic') && font.embedded && font.subset)).toBe(true);
    expect(fonts.some((font) => font.name.includes('Arimo') && font.embedded)).toBe(true);
    for (const mode of ['reading', 'raw'] as const) {
      const text = plain(pdfText(pdf, undefined, mode)).replace(/\u200c/g, '');
      for (const sample of samples) expect(text).toContain(sample.replace(/\u200c/g, ''));
    }
  });

  it('shapes Arabic letters into their joining forms, narrower than the isolated letters', async () => {
    const pdf = await writePdf(doc(p('ببب'), p('ب ب ب')));
    const words = listWords(pdf);
    const joined = words.find((word) => word.text === 'ببب')!;
    const isolated = words.filter((word) => word.text === 'ب');
    expect(isolated).toHaveLength(3);
    const isolatedWidth = isolated.reduce((sum, word) => sum + word.xMax - word.xMin, 0);
    expect(joined.xMax - joined.xMin).toBeLessThan(0.85 * isolatedWidth);
  });

  it('aligns a paragraph whose first strong character is right-to-left at the right margin', async () => {
    const pdf = await writePdf(doc(p('123 مرحبا world'), p('Hello مرحبا')));
    const words = listWords(pdf);
    const rtl = words.filter((word) => word.yMin < words.find((each) => each.text === 'Hello')!.yMin);
    expect(Math.max(...rtl.map((word) => word.xMax))).toBeCloseTo(A4_RIGHT_MARGIN, 0);
    expect(words.find((word) => word.text === 'Hello')!.xMin).toBeCloseTo(72, 0);
  });

  it('reorders runs for display: right-to-left words right to left, left-to-right words inside them left to right', async () => {
    const pdf = await writePdf(doc(p('Hello سلام دنیا world'), p('سلام one two دنیا')));
    const words = listWords(pdf);
    const x = (text: string, index = 0): number => words.filter((word) => word.text === text)[index]!.xMin;
    // pdftotext -bbox gives the characters of a word in drawing order: right-to-left words come reversed.
    const salam = 'مالس';
    const donya = 'ایند';
    expect(x('Hello')).toBeLessThan(x(donya));
    expect(x(donya)).toBeLessThan(x(salam));
    expect(x(salam)).toBeLessThan(x('world'));
    expect(x(donya, 1)).toBeLessThan(x('one'));
    expect(x('one')).toBeLessThan(x('two'));
    expect(x('two')).toBeLessThan(x(salam, 1));
  });

  it('places the closing bracket of a right-to-left run leftmost and extracts brackets in logical order', async () => {
    const pdf = await writePdf(doc(p('مرحبا (بالعالم)')));
    expect(plain(pdfText(pdf, undefined, 'raw')).replace(/ /g, '')).toBe('مرحبا(بالعالم)');
    const words = [...listWords(pdf)].sort((a, b) => a.xMin - b.xMin);
    expect(words[0]!.text).toBe(')');
    expect(words.at(-1)!.text).toBe('ابحرم');
  });

  it('sets a DOCX paragraph with w:bidi right to left even when its text is Latin', async () => {
    const docx = buildTestDocx({ body: paragraph('abc def', '<w:bidi/>') + paragraph('ghi jkl') });
    const pdf = await writePdf((await readDocx(docx)).value);
    const words = listWords(pdf);
    const at = (text: string): Word => words.find((word) => word.text === text)!;
    expect(at('def').xMax).toBeCloseTo(A4_RIGHT_MARGIN, 0);
    expect(at('abc').xMin).toBeLessThan(at('def').xMin);
    expect(at('ghi').xMin).toBeCloseTo(72, 0);
  });
});
