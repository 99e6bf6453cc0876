import { describe, expect, it } from 'vitest';
import { commented, del, doc, heading, ins, p } from '../../../../quire/src/model/builders.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { outlineTitles, pdfText, squash } from '../../../../../test/support/pdf-tools.js';

const change = { id: '1', author: 'Ann', date: '2024-01-01T00:00:00Z', move: null };

describe('writePdf and review marks', () => {
  it('draws the document as if every change were accepted: inserted text drawn, deleted text left out', async () => {
    const pdf = await writePdf(doc(p('Kept ', del(change, 'Gone '), ins(change, 'Added'), commented({ id: '0' }, ' noted'))));
    expect(squash(pdfText(pdf))).toBe(squash('Kept Added noted'));
  });

  it('leaves deleted text out of a heading’s outline entry', async () => {
    const pdf = await writePdf(doc(heading(1, 'Title', del(change, ' draft'))));
    expect(outlineTitles(pdf).map(({ title }) => title)).toEqual(['Title']);
  });
});
