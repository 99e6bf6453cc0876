import { describe, expect, it } from 'vitest';
import { build, schema } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, run } from '../../../../../test/support/docx-package.js';
import { pdfText, runPoppler, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, p } = build;

function caps(variant: 'all' | 'small', text: string) {
  return schema.text(text, [schema.marks['caps']!.create({ variant })]);
}

/** The width of each line that `pdftotext -bbox-layout` reports, in order. */
function lineWidths(pdf: Uint8Array): number[] {
  const out = runPoppler('pdftotext', ['-bbox-layout', '$PDF', '-'], pdf);
  return [...out.matchAll(/<line xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/g)].map((match) => Number(match[2]) - Number(match[1]));
}

describe('writePdf capitals', () => {
  it('draws capitals as wide as upper-case text and lower-case letters in small capitals at four fifths of that', async () => {
    const pdf = await writePdf(doc(p('Table of Contents'), p('TABLE OF CONTENTS'), p(caps('all', 'Table of Contents')), p('CONTENTS'), p(caps('small', 'contents'))));
    const [plain, upper, allCaps, upperWord, smallWord] = lineWidths(pdf) as [number, number, number, number, number];
    expect(allCaps).toBeCloseTo(upper, 0);
    expect(allCaps).toBeGreaterThan(plain + 5);
    expect(smallWord / upperWord).toBeCloseTo(0.8, 2);
  });

  it('keeps the document text, not its capitals, for extraction', async () => {
    const pdf = await writePdf(doc(p(caps('all', 'Table of Contents')), p(caps('small', 'Small Caps'))));
    const text = squash(pdfText(pdf));
    expect(text).toContain('Table of Contents');
    expect(text).toContain('Small Caps');
  });

  it('reads w:caps and w:smallCaps of a DOCX run and draws them in capitals', async () => {
    const body = `<w:p>${run('Title', '<w:caps/>')}</w:p><w:p>${run('Title')}</w:p><w:p>${run('Title', '<w:smallCaps/>')}</w:p>`;
    const read = await readDocx(buildTestDocx({ body }));
    const variants: unknown[] = [];
    read.value.descendants((node) => {
      if (node.isText) variants.push(node.marks.find((mark) => mark.type.name === 'caps')?.attrs['variant'] ?? null);
      return true;
    });
    expect(variants).toEqual(['all', null, 'small']);
    const [allCaps, plain, smallCaps] = lineWidths(await writePdf(read.value)) as [number, number, number];
    expect(allCaps).toBeGreaterThan(smallCaps);
    expect(smallCaps).toBeGreaterThan(plain);
  });
});
