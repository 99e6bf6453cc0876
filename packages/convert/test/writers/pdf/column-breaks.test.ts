import { describe, expect, it } from 'vitest';
import { build, schema } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { pageCount, pdfText, runPoppler, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, section, p } = build;

const columnBreak = () => schema.nodes['hard_break']!.create({ kind: 'column' });

/** The top-left corner of the first word `text` on page `page`, from `pdftotext -bbox`. */
function wordAt(pdf: Uint8Array, page: number, text: string): { x: number; y: number } | undefined {
  const html = runPoppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '$PDF', '-'], pdf);
  const match = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].find((m) => m[3] === text);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : undefined;
}

const A4_MIDDLE = 595.28 / 2;

describe('writePdf column breaks', () => {
  it('moves the text after a column break to the top of the next column', async () => {
    const pdf = await writePdf(doc(section({ columns: { count: 2, space: 720 } }, p('Before'), p('Leftside', columnBreak(), 'Rightside'))));
    const left = wordAt(pdf, 1, 'Leftside')!;
    const right = wordAt(pdf, 1, 'Rightside')!;
    expect(left.x).toBeLessThan(A4_MIDDLE);
    expect(right.x).toBeGreaterThan(A4_MIDDLE);
    expect(right.y).toBeLessThan(left.y);
    expect(pageCount(pdf)).toBe(1);
  });

  it('starts a new page at a column break in the last column or in a one-column section', async () => {
    const pdf = await writePdf(doc(p('First', columnBreak(), 'Second')));
    expect(pageCount(pdf)).toBe(2);
    expect(squash(pdfText(pdf, 2))).toContain('Second');
  });

  it('reads w:br w:type="column" of a DOCX as a column break and a plain w:br as a line break', async () => {
    const body =
      '<w:p><w:r><w:t>Leftside</w:t><w:br w:type="column"/><w:t>Rightside</w:t><w:br/><w:t>Below</w:t></w:r></w:p>' +
      '<w:sectPr><w:cols w:num="2" w:space="720"/></w:sectPr>';
    const { value } = await readDocx(buildTestDocx({ body }));
    const kinds: unknown[] = [];
    value.descendants((node) => {
      if (node.type.name === 'hard_break') kinds.push(node.attrs['kind']);
      return true;
    });
    expect(kinds).toEqual(['column', 'line']);
    const pdf = await writePdf(value);
    expect(wordAt(pdf, 1, 'Rightside')!.x).toBeGreaterThan(A4_MIDDLE);
    expect(wordAt(pdf, 1, 'Below')!.x).toBeGreaterThan(A4_MIDDLE);
  });
});
