import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { pageCount, pageSizes, pdfText, placedWords, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, section, header, footer, p, heading, table, tr, td, pageBreak } = build;

function paragraphs(count: number, label: string): ReturnType<typeof p>[] {
  return Array.from({ length: count }, (_, n) => p(`${label} ${n + 1}: ${'lorem ipsum dolor sit amet '.repeat(12)}`));
}

describe('writePdf pagination', () => {
  it('spreads a long document over the expected number of pages', async () => {
    // 120 paragraphs of about 4 lines each, with 8 pt after each: roughly 10 paragraphs per A4 page.
    const pdf = await writePdf(doc(...paragraphs(120, 'Paragraph')));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(8);
    expect(pages).toBeLessThanOrEqual(20);
    const text = squash(pdfText(pdf));
    expect(text).toContain('Paragraph 1:');
    expect(text).toContain('Paragraph 120:');
  });

  it('drops the space after a paragraph that does not fit at the bottom of a page, so the next page starts at its top margin', async () => {
    const spaced = (text: string, after: number) => p({ spacing: { before: 0, after } }, text);
    // 600 pt after the first paragraph, then one whose 100 pt after overflows the A4 body (698 pt).
    const pdf = await writePdf(doc(spaced('Filler', 12000), spaced('Ending', 2000), spaced('Second', 0)));
    expect(pdfText(pdf, 1)).toContain('Ending');
    const second = placedWords(pdf, 2).find((word) => word.text === 'Second');
    // The top margin is 72 pt; the line's own leading puts the word a few points lower.
    expect(second?.yMin).toBeGreaterThan(72);
    expect(second?.yMin).toBeLessThan(72 + 12);
  });

  it('gives each line a whole number of twips, so that a long document breaks its pages where LibreOffice does', async () => {
    const pdf = await writePdf(doc(p({ spacing: { before: 0, after: 0, line: 259, lineRule: 'auto' } }, 'lorem ipsum dolor sit amet '.repeat(40))));
    const tops = [...new Set(placedWords(pdf, 1).map((word) => word.yMin.toFixed(4)))].map(Number).sort((a, b) => a - b);
    expect(tops.length).toBeGreaterThan(3);
    for (let index = 1; index < tops.length; index++) {
      const twips = (tops[index]! - tops[index - 1]!) * 20;
      expect(Math.abs(twips - Math.round(twips))).toBeLessThan(0.01);
    }
  });

  it('uses the page size and orientation of each section and starts each section on a new page', async () => {
    const pdf = await writePdf(
      doc(
        section({ pageSize: { width: 12240, height: 15840 }, orientation: 'landscape' }, p('wide section')),
        section(p('default section')),
      ),
    );
    expect(pageSizes(pdf)).toEqual([
      { width: 792, height: 612 },
      { width: 595, height: 842 },
    ]);
    expect(pdfText(pdf, 1)).toContain('wide section');
    expect(pdfText(pdf, 2)).toContain('default section');
  });

  it('uses Letter paper when asked and starts a page at a page break', async () => {
    const pdf = await writePdf(doc(p('before'), pageBreak(), p('after')), { paperSize: 'Letter' });
    expect(pageSizes(pdf)).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(pdfText(pdf, 2)).toContain('after');
  });

  it('repeats headers and footers on every page and uses the first-page variant on a title page', async () => {
    const pdf = await writePdf(
      doc(
        section(
          { titlePage: true },
          header('default', p('Running head')),
          header('first', p('Cover head')),
          footer('default', p('Confidential footer')),
          ...paragraphs(60, 'Body'),
        ),
      ),
    );
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(pdfText(pdf, 1)).toContain('Cover head');
    expect(pdfText(pdf, 1)).not.toContain('Running head');
    for (let page = 2; page <= pages; page += 1) {
      const text = pdfText(pdf, page);
      expect(text).toContain('Running head');
      expect(text).toContain('Confidential footer');
    }
  });

  it('repeats table header rows on every page and keeps every row whole', async () => {
    const rows = Array.from({ length: 120 }, (_, n) => tr(td(`Item ${n + 1}`), td(`Value ${n + 1}`)));
    const pdf = await writePdf(doc(table(tr({ header: true }, td('Name'), td('Amount')), ...rows)));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(pdfText(pdf, page, 'layout')).toMatch(/^\s*Name\s+Amount\s*$/m);
    const all = pdfText(pdf, undefined, 'layout');
    for (let n = 1; n <= 120; n += 1) expect(all).toMatch(new RegExp(`^\\s*Item ${n}\\s+Value ${n}\\s*$`, 'm'));
  });

  it('splits a table row taller than a page across pages', async () => {
    const tall = Array.from({ length: 150 }, (_, n) => p(`cell line ${n + 1}`));
    const pdf = await writePdf(doc(table(tr(td(...tall), td('short')))));
    expect(pageCount(pdf)).toBeGreaterThan(1);
    const text = squash(pdfText(pdf));
    expect(text).toContain('cell line 1 ');
    expect(text).toContain('cell line 150');
  });

  it('keeps a heading on the page of the paragraph that follows it', async () => {
    // Fill a page nearly to the bottom, then a heading: it must move to the next page with its text.
    for (let filler = 40; filler <= 48; filler += 1) {
      const lines = Array.from({ length: filler }, (_, n) => p({ spacing: { before: 0, after: 0 } }, `filler ${n}`));
      const pdf = await writePdf(doc(...lines, heading(2, 'Kept heading'), p('Following text')));
      const pages = pageCount(pdf);
      const headingPage = [...Array(pages).keys()].map((k) => k + 1).find((page) => pdfText(pdf, page).includes('Kept heading'));
      expect(headingPage).toBeDefined();
      expect(pdfText(pdf, headingPage!)).toContain('Following text');
    }
  });
});
