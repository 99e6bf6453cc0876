import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { pageCount, pdfText, squash } from '../../../../../test/support/pdf-tools.js';
import { TOC_BODY_START, TOC_ENTRIES, TOC_PAGE_FIELD, tableOfContentsWithHeadings } from '../../../../../test/support/table-of-contents.js';

/** The 1-based index of the first page of `pdf` from page `from` on whose text has `text`. */
function pageOf(pdf: Uint8Array, text: string, from = 1): number {
  const pages = pageCount(pdf);
  for (let page = from; page <= pages; page++) if (squash(pdfText(pdf, page)).includes(squash(text))) return page;
  throw new Error(`"${text}" is on no page from ${from} on`);
}

describe('writePdf page fields', () => {
  it('shows a table of contents with the page numbers where its headings start in the PDF, and a PAGE field of the body its page', async () => {
    const { value } = await readDocx(tableOfContentsWithHeadings());
    const pdf = await writePdf(value);
    // The second section, after the table of contents, restarts its numbering at 1 (`w:pgNumType w:start="1"`).
    const bodyStart = pageOf(pdf, TOC_BODY_START);
    const pageNumber = (text: string) => pageOf(pdf, text, bodyStart) - bodyStart + 1;
    const contents = squash(pdfText(pdf, 1));
    for (const [index, { title }] of TOC_ENTRIES.entries()) {
      const headingPage = pageNumber(title);
      // The fixture's cached results are 1 and 2: the headings lie further on, so a number shown is a number computed.
      expect(headingPage).toBeGreaterThan(index + 1);
      // Its entry: number, title, a dot leader, the page.
      expect(contents).toMatch(new RegExp(`${index + 1}\\. ${title} \\.+ ?${headingPage}(?!\\d)`));
    }
    const fieldPage = pageNumber(TOC_PAGE_FIELD.before);
    expect(fieldPage).toBeGreaterThan(1);
    expect(squash(pdfText(pdf, fieldPage + bodyStart - 1))).toContain(`${TOC_PAGE_FIELD.before} ${fieldPage} ${TOC_PAGE_FIELD.after}`);
  });
});
