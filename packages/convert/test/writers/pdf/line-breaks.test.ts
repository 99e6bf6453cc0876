import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { runPoppler } from '../../../../../test/support/pdf-tools.js';

const { doc, p, br } = build;

/** The top of the first word `text` on page 1, from `pdftotext -bbox`. */
function topOf(pdf: Uint8Array, text: string): number {
  const html = runPoppler('pdftotext', ['-bbox', '-f', '1', '-l', '1', '$PDF', '-'], pdf);
  const match = [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].find((m) => m[2] === text);
  if (!match) throw new Error(`${text} is not on page 1`);
  return Number(match[1]);
}

async function gapAfter(first: ReturnType<typeof p>): Promise<number> {
  const pdf = await writePdf(doc(first, p('Next')));
  return topOf(pdf, 'Next') - topOf(pdf, 'First');
}

describe('writePdf line breaks at the end of a paragraph', () => {
  it('puts the paragraph mark on a new line after a trailing line break, as Word does, so each trailing break adds one empty line', async () => {
    const plain = await gapAfter(p('First'));
    const oneBreak = await gapAfter(p('First', br()));
    const twoBreaks = await gapAfter(p('First', br(), br()));
    const line = oneBreak - plain;
    expect(line).toBeGreaterThan(10);
    expect(twoBreaks - oneBreak).toBeCloseTo(line, 1);
  });

  it('keeps a line break inside a paragraph as one line end', async () => {
    const pdf = await writePdf(doc(p('First', br(), 'Second'), p('Next')));
    const line = topOf(pdf, 'Second') - topOf(pdf, 'First');
    expect(line).toBeGreaterThan(10);
    expect(topOf(pdf, 'Next') - topOf(pdf, 'Second')).toBeCloseTo(await gapAfter(p('First')), 1);
  });
});
