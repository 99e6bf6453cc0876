// A long document in real headless Chromium: its first pages are on screen, laid out, before the
// rest of it is read, and the editor then holds the whole document as if read at once.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, newExamplePage } from './example-page.js';

const chromium = useRepositoryInChromium();
const FIXTURE = 'superdoc-300-pages.docx';

/** What the page saw: the document when its pages first stood on screen, and when it was ready. */
interface Seen {
  readonly first: { editable: string | null; busy: string | null; text: number; pageEvents: number; pageCount: number } | null;
  readonly pageEvents: Array<{ page: number; pageCount: number }>;
  readonly ready: { editable: string | null; busy: boolean; text: number; pageCount: number };
  readonly exported: number[];
}

// Runs in the page: a second editor beside the example's, watched frame by frame until its first
// `page` event, then exported without an edit.
const OPEN_AND_WATCH = (url: string) => `(async () => {
  const element = document.createElement('div');
  element.style.height = '900px';
  document.body.prepend(element);
  const blob = new Blob([await (await fetch(${JSON.stringify(url)})).arrayBuffer()]);
  const pageEvents = [];
  const editor = new Quire.Editor({ element, document: blob, layout: 'pages', telemetry: { enabled: false }, onPage: ({ page, pageCount }) => pageEvents.push({ page, pageCount }) });
  window.longEditor = editor;
  let first = null;
  let failed = null;
  editor.ready.catch((error) => { failed = error; });
  for (let frame = 0; frame < 20000 && pageEvents.length === 0 && failed === null; frame += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const shown = element.querySelector('.quire-document[data-layout="pages"]');
    if (first === null && shown) first = { editable: shown.getAttribute('contenteditable'), busy: shown.getAttribute('aria-busy'), text: shown.textContent.length, pageEvents: pageEvents.length, pageCount: editor.getPageCount() };
  }
  await editor.ready;
  const shown = element.querySelector('.quire-document');
  const ready = { editable: shown.getAttribute('contenteditable'), busy: shown.hasAttribute('aria-busy'), text: shown.textContent.length, pageCount: editor.getPageCount() };
  const exported = [...new Uint8Array(await (await editor.export()).arrayBuffer())];
  return { first, pageEvents, ready, exported };
})()`;

describe('a long document opened in the pages layout', () => {
  it('shows its first pages laid out and not yet editable before the rest is read, then all of its pages, editable, exporting its body unchanged', async () => {
    const page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1200, height: 900 }, 30_000);
    const seen = (await page.evaluate(OPEN_AND_WATCH(`${chromium.statics.origin}/test/fixtures/docx/${FIXTURE}`))) as Seen;

    expect(seen.first).not.toBeNull();
    expect(seen.first!.editable).toBe('false');
    expect(seen.first!.busy).toBe('true');
    expect(seen.first!.pageEvents).toBe(0);
    expect(seen.first!.pageCount).toBe(0);
    expect(seen.first!.text).toBeLessThan(seen.ready.text / 10);
    // The first `page` event counts the whole document's pages.
    expect(seen.pageEvents[0]).toEqual({ page: 1, pageCount: seen.ready.pageCount });
    expect(seen.ready.pageCount).toBeGreaterThan(250);
    expect(seen.ready).toMatchObject({ editable: 'true', busy: false });
    const original = unzipSync(new Uint8Array(readFileSync(docxFixture(FIXTURE))));
    const exported = unzipSync(new Uint8Array(seen.exported));
    expect(Buffer.from(exported['word/document.xml']!).equals(Buffer.from(original['word/document.xml']!))).toBe(true);

    // Typing works once the whole document is there.
    await page.click('.quire-document p');
    await page.keyboard.type('Typed ');
    expect(await page.evaluate(`document.querySelector('.quire-document').textContent.includes('Typed ')`)).toBe(true);
    await page.close();
  });
});
