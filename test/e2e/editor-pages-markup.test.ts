// The editor's pages in each markup, in Chromium, against the PDF Quire prints with the same
// markup: a document whose deleted and inserted paragraphs take pages of their own is laid out on
// as many pages on screen as in the PDF, in simple (as none), all and original markup.
import type { Page } from 'playwright-core';
import { build } from 'quire/model';
import type { ReviewMarkup } from 'quire/model';
import { readDocx } from 'quire/readers';
import { writeDocx } from 'quire/writers';
import { afterEach, describe, expect, it } from 'vitest';
import { FontCatalog, writePdf } from '../../packages/convert/src/writers/pdf/index.js';
import { pageCount } from '../support/pdf-tools.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

const { doc, section, p, ins, del } = build;
const mark = { id: '1', author: 'Ada Lovelace', date: '2026-01-02T03:04:00Z', move: null };
const change = (kind: 'insertion' | 'deletion') => ({ kind, id: '2', author: 'Ada Lovelace', date: '2026-01-02T03:04:00Z' });
const words = (index: number) => `Paragraph ${index} ${'alpha beta gamma delta epsilon zeta eta theta '.repeat(9)}`;

/** Plain paragraphs, then whole paragraphs deleted, then whole paragraphs inserted: each markup keeps other ones. */
async function reviewedDocx(): Promise<Uint8Array> {
  const plain = Array.from({ length: 8 }, (_, index) => p(words(index)));
  const deleted = Array.from({ length: 16 }, (_, index) => p({ markChange: change('deletion') }, del(mark, words(100 + index))));
  const inserted = Array.from({ length: 6 }, (_, index) => p({ markChange: change('insertion') }, ins(mark, words(200 + index))));
  return writeDocx(doc(section(...plain, ...deleted, ...inserted, p('The end'))));
}

describe('the editor’s pages in each markup', { timeout: 60_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.close();
  });

  /** Opens `bytes` in an editor on pages with `markup` and returns how many pages it shows once laid out. */
  async function screenPages(bytes: Uint8Array, markup: 'simple' | 'all' | 'original'): Promise<number> {
    page = await chromium.browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(30_000);
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&fonts=off`);
    await page.waitForFunction(() => 'Quire' in window);
    await page.evaluate(
      async ([data, chosen]) => {
        const element = document.createElement('div');
        element.id = 'reviewing';
        document.body.prepend(element);
        const { Editor } = (window as unknown as { Quire: { Editor: new (options: object) => { ready: Promise<void> } } }).Quire;
        const editor = new Editor({ element, document: new Blob([new Uint8Array(data as number[])]), telemetry: { enabled: false }, layout: 'pages', markup: chosen });
        Object.assign(window, { reviewing: editor });
        await editor.ready;
      },
      [[...bytes], markup] as const,
    );
    await page.waitForFunction(() => document.querySelector('#reviewing .quire-document[data-layout="pages"]') !== null && (window as unknown as { reviewing: { getPageCount(): number } }).reviewing.getPageCount() > 0);
    return page.evaluate(async () => {
      await document.fonts.ready;
      for (let frame = 0; frame < 4; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
      return (window as unknown as { reviewing: { getPageCount(): number } }).reviewing.getPageCount();
    });
  }

  it('shows as many pages as the PDF printed with the same markup, simple markup as none', async () => {
    const bytes = await reviewedDocx();
    const { value } = await readDocx(bytes);
    const fonts = new FontCatalog();
    const printed = async (markup: ReviewMarkup) => pageCount(await writePdf(value, { fonts, markup, now: () => new Date(0) }));
    const expected = { simple: await printed('none'), all: await printed('all'), original: await printed('original') };
    // The markups lay the document out on different numbers of pages, or the test would tell nothing.
    expect(new Set(Object.values(expected)).size).toBe(3);
    for (const markup of ['simple', 'all', 'original'] as const) {
      expect(await screenPages(bytes, markup), markup).toBe(expected[markup]);
      await page?.close();
      page = undefined;
    }
  });

  it('lays the pages out again when setMarkup switches the markup, as many as the PDF printed with the new one', async () => {
    const bytes = await reviewedDocx();
    const { value } = await readDocx(bytes);
    const fonts = new FontCatalog();
    const printed = async (markup: ReviewMarkup) => pageCount(await writePdf(value, { fonts, markup, now: () => new Date(0) }));
    const turns = () => page!.evaluate(() => document.querySelectorAll('#reviewing .quire-page-turn').length);
    const simple = await printed('none');
    expect(await screenPages(bytes, 'simple')).toBe(simple);
    // A turn heads the first page, one stands between each two, one ends the last.
    expect(await turns()).toBe(simple + 1);
    for (const markup of ['original', 'all'] as const) {
      const expected = await printed(markup);
      await page!.evaluate((chosen) => (window as unknown as { reviewing: { setMarkup(markup: string): void } }).reviewing.setMarkup(chosen), markup);
      await page!.waitForFunction((count) => (window as unknown as { reviewing: { getPageCount(): number } }).reviewing.getPageCount() === count, expected);
      // The pages of the markup before are gone.
      expect(await turns(), markup).toBe(expected + 1);
    }
  });
});
