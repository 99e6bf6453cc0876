import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { pageDrawings } from './pdf-drawings.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';

describe('writePdf fonts', () => {
  it("sets inline code so that its lower-case letters are as tall as the surrounding text's, not larger", async () => {
    const pdf = await writePdf(readMarkdown('Call `render` before saving.').value);
    const code = placedWords(pdf, 1).find((word) => word.text === 'render')!;
    const drawn = pageDrawings(pdf)[0]!.texts;
    const codeSize = drawn.find((text) => Math.abs(text.x - code.xMin) < 0.5)!.size;
    const textSize = drawn.find((text) => text.x < code.xMin)!.size;
    expect(textSize).toBe(11);
    // Carlito's x-height is 978 units of 2048, Cousine's 1082.
    expect(codeSize).toBeCloseTo((textSize * 978) / 1082, 2);
  });
});
