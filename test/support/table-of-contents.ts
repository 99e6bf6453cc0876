// The table-of-contents fixture with the headings it lists: the fixture holds the table alone (its
// PAGEREF fields name bookmarks it lacks), so this adds a second section, numbered from 1 as the
// fixture's section break says, whose headings carry those bookmarks far enough apart to fall on
// later pages, and a PAGE field in its text. For the tests of page fields in the PDF and the editor.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFixture } from './fixture-files.js';

/** The entries of the fixture's table, in order: the bookmark each PAGEREF names and the heading's title. */
export const TOC_ENTRIES = [
  { bookmark: '_Toc147836263', title: 'DEFINITIONS' },
  { bookmark: '_Toc147836264', title: 'SCOPE OF SALE AND PURCHASE' },
] as const;

/** The first words of the added section, on the first page numbered 1 after the table. */
export const TOC_BODY_START = 'The body starts here.';

/** The words before the PAGE field the added section holds, and after it. */
export const TOC_PAGE_FIELD = { before: 'This sentence is on page', after: 'of the body.' } as const;

const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const filler = (from: number, count: number) => Array.from({ length: count }, (_, index) => paragraph(`Clause text number ${from + index}.`)).join('');
const heading = (bookmark: string, title: string, id: number) =>
  `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="${id}" w:name="${bookmark}"/><w:r><w:t>${title}</w:t></w:r><w:bookmarkEnd w:id="${id}"/></w:p>`;
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const pageField =
  `<w:p>${run(`${TOC_PAGE_FIELD.before} `)}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(` ${TOC_PAGE_FIELD.after}`)}</w:p>`;

/** Returns the bytes of superdoc-table-of-contents.docx with the headings its table lists added after it. */
export function tableOfContentsWithHeadings(): Uint8Array<ArrayBuffer> {
  const entries = unzipSync(readFixture('superdoc-table-of-contents.docx'));
  const xml = strFromU8(entries['word/document.xml']!);
  const bodyEnd = xml.lastIndexOf('<w:sectPr');
  const body =
    paragraph(TOC_BODY_START) +
    filler(0, 60) +
    heading(TOC_ENTRIES[0].bookmark, TOC_ENTRIES[0].title, 901) +
    filler(60, 40) +
    pageField +
    filler(100, 80) +
    heading(TOC_ENTRIES[1].bookmark, TOC_ENTRIES[1].title, 902) +
    filler(180, 5);
  entries['word/document.xml'] = strToU8(xml.slice(0, bodyEnd) + body + xml.slice(bodyEnd));
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}
