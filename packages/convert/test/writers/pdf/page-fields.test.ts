import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { readFixture } from '../../../../../test/support/fixture-files.js';
import { pageCount, pdfText, squash } from '../../../../../test/support/pdf-tools.js';

const TOC_FIXTURE = 'superdoc-table-of-contents.docx';
// The bookmarks the fixture's table of contents refers to, in the order of its entries; the
// fixture has the table alone, so the test adds the headings it lists.
const ENTRIES = [
  { bookmark: '_Toc147836263', title: 'DEFINITIONS' },
  { bookmark: '_Toc147836264', title: 'SCOPE OF SALE AND PURCHASE' },
] as const;

const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const filler = (from: number, count: number) => Array.from({ length: count }, (_, index) => paragraph(`Clause text number ${from + index}.`)).join('');
const heading = (bookmark: string, title: string, id: number) =>
  `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="${id}" w:name="${bookmark}"/><w:r><w:t>${title}</w:t></w:r><w:bookmarkEnd w:id="${id}"/></w:p>`;
const pageField = `<w:p><w:r><w:t xml:space="preserve">This sentence is on page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> of the body.</w:t></w:r></w:p>`;

/** The fixture with its second section (after the table of contents, numbered from 1) holding the headings, far enough apart to fall on later pages. */
function tocFixtureWithHeadings(): Uint8Array {
  const entries = unzipSync(readFixture(TOC_FIXTURE));
  const xml = strFromU8(entries['word/document.xml']!);
  const bodyEnd = xml.lastIndexOf('<w:sectPr');
  const body =
    paragraph('The body starts here.') +
    filler(0, 60) +
    heading(ENTRIES[0].bookmark, ENTRIES[0].title, 901) +
    filler(60, 40) +
    pageField +
    filler(100, 80) +
    heading(ENTRIES[1].bookmark, ENTRIES[1].title, 902) +
    filler(180, 5);
  entries['word/document.xml'] = strToU8(xml.slice(0, bodyEnd) + body + xml.slice(bodyEnd));
  return zipSync(entries);
}

/** The 1-based index of the first page of `pdf` from page `from` on whose text has `text`. */
function pageOf(pdf: Uint8Array, text: string, from = 1): number {
  const pages = pageCount(pdf);
  for (let page = from; page <= pages; page++) if (squash(pdfText(pdf, page)).includes(squash(text))) return page;
  throw new Error(`"${text}" is on no page from ${from} on`);
}

describe('writePdf page fields', () => {
  it('shows a table of contents with the page numbers where its headings start in the PDF, and a PAGE field of the body its page', async () => {
    const { value } = await readDocx(tocFixtureWithHeadings());
    const pdf = await writePdf(value);
    // The second section, after the table of contents, restarts its numbering at 1 (`w:pgNumType w:start="1"`).
    const bodyStart = pageOf(pdf, 'The body starts here.');
    const pageNumber = (text: string) => pageOf(pdf, text, bodyStart) - bodyStart + 1;
    const contents = squash(pdfText(pdf, 1));
    for (const [index, { title }] of ENTRIES.entries()) {
      const headingPage = pageNumber(title);
      // The fixture's cached results are 1 and 2: the headings lie further on, so a number shown is a number computed.
      expect(headingPage).toBeGreaterThan(index + 1);
      // Its entry: number, title, a dot leader, the page.
      expect(contents).toMatch(new RegExp(`${index + 1}\\. ${title} \\.+ ?${headingPage}(?!\\d)`));
    }
    const fieldPage = pageNumber('This sentence is on page');
    expect(fieldPage).toBeGreaterThan(1);
    expect(squash(pdfText(pdf, fieldPage + bodyStart - 1))).toContain(squash(`This sentence is on page ${fieldPage} of the body.`));
  });
});
