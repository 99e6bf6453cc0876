import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { schema } from '../../../../quire/src/model/schema.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { pageDrawings } from './pdf-drawings.js';
import type { DrawnLine } from './pdf-drawings.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import type { PlacedWord } from '../../../../../test/support/pdf-tools.js';

const { doc, section, p, u, s } = build;

const carlito = fontkit.create(readFileSync(createRequire(import.meta.url).resolve('@fontsource/carlito/files/carlito-latin-400-normal.woff')));
const em = (units: number, size: number): number => (units / carlito.unitsPerEm) * size;

function wordOf(pdf: Uint8Array, text: string): PlacedWord {
  const word = placedWords(pdf, 1).find((each) => each.text === text);
  if (!word) throw new Error(`"${text}" is not on the page`);
  return word;
}

// The baseline of a word in Carlito: its box ends at the font's descent below it.
const baselineOf = (word: PlacedWord, size: number): number => word.yMax - em(-carlito.descent, size);

function linesUnder(pdf: Uint8Array, word: PlacedWord): DrawnLine[] {
  return pageDrawings(pdf)[0]!.lines.filter((line) => line.y1 === line.y2 && line.x1 <= word.xMin + 1 && line.x2 >= word.xMax - 1 && line.y1 > word.yMin - 2 && line.y1 < word.yMax + 20);
}

function underlined(style: string, text: string): ReturnType<typeof p> {
  return p(schema.text(text, [schema.marks['underline']!.create({ style })]));
}

describe('writePdf underline and strikethrough', () => {
  it("draws an underline at the font's own underline position and thickness, just below the baseline", async () => {
    const pdf = await writePdf(doc(section(p(u('Underlined'), ' text'))));
    const word = wordOf(pdf, 'Underlined');
    const [line, ...others] = linesUnder(pdf, word);
    expect(others).toEqual([]);
    const thickness = em(carlito.underlineThickness, 11);
    expect(line!.width).toBeCloseTo(thickness, 2);
    expect(line!.y1).toBeCloseTo(baselineOf(word, 11) + em(-carlito.underlinePosition, 11) + thickness / 2, 1);
    expect(line!.y1).toBeLessThan(word.yMax);
  });

  it('strikes through the middle of the x-height', async () => {
    const pdf = await writePdf(doc(section(p(s('Struck'), ' text'))));
    const word = wordOf(pdf, 'Struck');
    const [line] = linesUnder(pdf, word);
    expect(line!.y1).toBeCloseTo(baselineOf(word, 11) - em(carlito.xHeight, 11) / 2, 1);
  });

  it('draws a double underline as two lines and a dotted one as a dashed line', async () => {
    const pdf = await writePdf(doc(section(underlined('double', 'Doubled'), underlined('dotted', 'Dotted'))));
    const doubled = linesUnder(pdf, wordOf(pdf, 'Doubled')).filter((line) => line.y1 < wordOf(pdf, 'Dotted').yMin);
    expect(doubled).toHaveLength(2);
    expect(Math.abs(doubled[1]!.y1 - doubled[0]!.y1)).toBeGreaterThan(doubled[0]!.width);
    const dotted = linesUnder(pdf, wordOf(pdf, 'Dotted'));
    expect(dotted.map((line) => line.dashed)).toEqual([true]);
  });

  it('underlines a Markdown link in its colour right under its text', async () => {
    const pdf = await writePdf(readMarkdown('See [the docs](https://example.com/docs) here.').value);
    const word = wordOf(pdf, 'docs');
    const [line] = linesUnder(pdf, word);
    expect(line!.color).toBe('0563C1');
    expect(line!.y1).toBeGreaterThan(baselineOf(word, 11));
    expect(line!.y1).toBeLessThan(word.yMax);
  });
});
