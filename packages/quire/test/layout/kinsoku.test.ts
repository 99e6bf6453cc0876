// Where Japanese and Chinese lines may break: between any two ideographs or kana (UAX #14), but
// never before closing punctuation nor after opening punctuation, and, as in Word's standard
// kinsoku (ECMA-376 Part 1, 17.15.1.58) and browsers' normal line breaking, before small kana and
// the prolonged sound mark ー. The editor's pages break with the browser: the layout must too.
import { describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, p } = build;

/** The lines of a one-paragraph document, top to bottom, with every character half an em wide. */
function linesOf(text: string): string[] {
  const [page] = layoutDocument(doc(section(p(text))), { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer }).pages;
  const byBaseline = new Map<number, string>();
  for (const op of page!.ops) if (op.kind === 'text') byBaseline.set(op.y, (byBaseline.get(op.y) ?? '') + op.text);
  return [...byBaseline.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

// How many characters a line holds: those of a paragraph of one repeated ideograph, which may break anywhere.
const perLine = () => linesOf('漢'.repeat(400))[0]!.length;

describe('kinsoku: line breaking of Japanese and Chinese', () => {
  it('breaks between ideographs and kana wherever a line is full', () => {
    const full = perLine();
    expect(linesOf('あ'.repeat(full + 3)).map((line) => line.length)).toEqual([full, 3]);
  });

  it('carries the last character over with punctuation that may not start a line (、。）」)', () => {
    const full = perLine();
    for (const closing of ['、', '。', '）', '」', '，']) {
      const lines = linesOf(`${'漢'.repeat(full)}${closing}字`);
      expect(lines, closing).toEqual(['漢'.repeat(full - 1), `漢${closing}字`]);
    }
  });

  it('carries opening punctuation (「（) over with the character after it, never ending a line with it', () => {
    const full = perLine();
    for (const opening of ['「', '（', '“']) {
      const lines = linesOf(`${'漢'.repeat(full - 1)}${opening}字字`);
      expect(lines, opening).toEqual(['漢'.repeat(full - 1), `${opening}字字`]);
    }
  });

  it('lets small kana and the prolonged sound mark start a line, as Word and browsers do', () => {
    const full = perLine();
    for (const starter of ['ー', 'ッ', 'ょ', 'ァ']) {
      const lines = linesOf(`${'ア'.repeat(full)}${starter}ト`);
      expect(lines, starter).toEqual(['ア'.repeat(full), `${starter}ト`]);
    }
  });
});
