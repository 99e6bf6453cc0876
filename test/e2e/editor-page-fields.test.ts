// Page fields in the editor's pages, in real headless Chromium, against the PDF Quire exports of
// the same file: the table of contents shows the pages its headings start on, and a PAGE field of
// the text its own page, as the PDF does.
import type { Page } from 'playwright-core';
import { readDocx } from 'quire/readers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontCatalog, writePdf } from '../../packages/convert/src/writers/pdf/index.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, newExamplePage } from './example-page.js';
import { pdfText, squash } from '../support/pdf-tools.js';
import { TOC_ENTRIES, TOC_PAGE_FIELD, tableOfContentsWithHeadings } from '../support/table-of-contents.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The numbers the PDF export shows: each entry's page in the table of contents, then the PAGE field's. */
async function pdfFieldTexts(docx: Uint8Array): Promise<string[]> {
  const pdf = await writePdf((await readDocx(docx)).value, { fonts: new FontCatalog(), now: () => new Date(0) });
  const text = squash(pdfText(pdf));
  const entries = TOC_ENTRIES.map(({ title }) => new RegExp(`${title} \\.+ ?(\\d+)`).exec(text)?.[1]);
  const page = new RegExp(`${TOC_PAGE_FIELD.before} (\\d+) ${TOC_PAGE_FIELD.after}`).exec(text)?.[1];
  return [...entries, page].map((number) => number ?? 'missing');
}

describe('page fields in the editor’s pages', { timeout: 60_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1200, height: 900 }, 30_000);
  });

  afterAll(async () => {
    await page?.close();
  });

  it('shows the page numbers of the PDF export in the table of contents and in a PAGE field of the text, not the cached ones', async () => {
    const docx = tableOfContentsWithHeadings();
    const expected = await pdfFieldTexts(docx);
    // The fixture's cached results are 1, 2 and 1: the PDF's differ, so the screen's must be computed.
    expect(expected).not.toEqual(['1', '2', '1']);
    expect(expected).not.toContain('missing');
    const status = await chooseOnExamplePage(page, { name: 'contents.docx', mimeType: DOCX_TYPE, buffer: Buffer.from(docx) });
    expect(status).toBe('contents.docx is open.');
    const shown = () => page.$$eval('.quire-document .quire-field', (elements) => elements.map((element) => element.textContent ?? ''));
    // The pages set the fields' texts as they are shown, in the same task that gives the page count.
    await page.waitForFunction('editor.getPageCount() > 0');
    expect(await shown()).toEqual(expected);
  });
});
