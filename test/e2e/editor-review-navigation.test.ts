// Next and previous change and the changed lines in Chromium: the real keys move the selection
// from change to change, and a bar stands in the left margin beside each changed paragraph, in
// all markup, in the flow and on pages; a long document with comments gets its pages.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewDocx } from '../../bench/support/review-docx.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { openExampleWithFile } from './example-page.js';

const FIXTURE = 'superdoc-msword-tracked-changes.docx';

interface Bars {
  /** The text of each paragraph drawn with a bar, in order. */
  readonly barred: string[];
  /** The text of each paragraph holding an ins or del element. */
  readonly withChanges: string[];
  /** For each barred paragraph: the bar's left edge as drawn (the border image's outset) left of the text, in CSS pixels. */
  readonly outsets: number[];
}

describe('review navigation and changed lines in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.close();
  });

  async function open(layout: 'flow' | 'pages'): Promise<Page> {
    const opened = await chromium.browser.newPage({ viewport: { width: 1200, height: 900 } });
    opened.setDefaultTimeout(20_000);
    await opened.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&fonts=off`);
    await opened.waitForFunction(() => 'Quire' in window);
    await opened.evaluate(async ([url, chosen]) => {
      const element = document.createElement('div');
      element.id = 'reviewing';
      document.body.prepend(element);
      const { Editor } = (window as unknown as { Quire: { Editor: new (options: object) => { ready: Promise<void> } } }).Quire;
      const blob = await (await fetch(url!)).blob();
      const editor = new Editor({ element, document: blob, telemetry: { enabled: false }, fonts: chosen === 'pages' ? undefined : false, layout: chosen, markup: 'all' });
      Object.assign(window, { reviewing: editor });
      await editor.ready;
    }, [`${chromium.statics.origin}/test/fixtures/docx/${FIXTURE}`, layout] as const);
    if (layout === 'pages') await opened.waitForSelector('#reviewing .quire-document[data-layout="pages"]');
    return opened;
  }

  const bars = (opened: Page): Promise<Bars> =>
    opened.evaluate(() => {
      const blocks = [...document.querySelectorAll<HTMLElement>('#reviewing .quire-document p')];
      const barred = blocks.filter((block) => getComputedStyle(block).borderImageSource !== 'none');
      return {
        barred: barred.map((block) => block.textContent ?? ''),
        withChanges: blocks.filter((block) => block.querySelector('ins, del')).map((block) => block.textContent ?? ''),
        outsets: barred.map((block) => parseFloat(getComputedStyle(block).borderImageOutset.split(' ').at(-1) ?? '0')),
      };
    });

  // ProseMirror reads the selection it set back from the DOM: what the user sees selected.
  const selected = (opened: Page) => opened.evaluate(() => document.getSelection()?.toString() ?? '');
  const press = async (opened: Page, key: string) => {
    await opened.keyboard.press(key);
    await opened.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };

  it('moves the selection from change to change with Alt+Shift+. and back with Alt+Shift+,, wrapping round', async () => {
    page = await open('flow');
    const texts = await page.evaluate(() => (window as unknown as { reviewing: { changes: { list(): { text: string; target: string }[] } } }).reviewing.changes.list().filter((change) => change.target === 'text').map((change) => change.text));
    await page.click('#reviewing .quire-document p');
    await press(page, 'Control+Home');
    await press(page, 'Alt+Shift+Period');
    expect(await selected(page)).toBe(texts[0]);
    await press(page, 'Alt+Shift+Period');
    expect(await selected(page)).toBe(texts[1]);
    await press(page, 'Alt+Shift+Comma');
    expect(await selected(page)).toBe(texts[0]);
    // Before the first change, Previous wraps round to the last.
    await press(page, 'Alt+Shift+Comma');
    expect(await selected(page)).toBe(texts.at(-1));
    // The keys typed nothing into the document.
    expect(await page.locator('#reviewing .quire-document').textContent()).not.toMatch(/[><˘¯]/);
  });

  for (const layout of ['flow', 'pages'] as const) {
    it(`draws a bar in the left margin beside each paragraph holding a change and no other (${layout})`, async () => {
      page = await open(layout);
      const found = await bars(page);
      const markChanges = await page.evaluate(() => (window as unknown as { reviewing: { changes: { list(): { target: string }[] } } }).reviewing.changes.list().filter((change) => change.target === 'paragraph-mark').length);
      expect(found.barred.length).toBeGreaterThan(0);
      expect(found.barred).toEqual(expect.arrayContaining(found.withChanges));
      // The others barred hold a changed paragraph mark, which draws nothing of its own.
      expect(found.barred.length).toBeLessThanOrEqual(found.withChanges.length + markChanges);
      expect(found.outsets.every((outset) => outset > 0)).toBe(true);
      // Accepting every change takes every bar away.
      await page.evaluate(() => (window as unknown as { reviewing: { changes: { acceptAll(): boolean } } }).reviewing.changes.acceptAll());
      expect((await bars(page)).barred).toEqual([]);
    });
  }

  it('lays out the pages of a long document with comments, whose cards come once it is whole', async () => {
    const counts = { insertions: 20, deletions: 20, insertedMarks: 5, deletedParagraphs: 2, moves: 2, threads: 12, replies: 3, resolved: 2, spanning: 2 };
    const folder = `${repositoryRoot}/tmp/e2e`;
    mkdirSync(folder, { recursive: true });
    const path = `${folder}/long-with-comments.docx`;
    writeFileSync(path, reviewDocx('superdoc-300-pages.docx', counts));
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, path);
    await page.waitForFunction(() => document.querySelectorAll('.quire-page-turn').length > 200, undefined, { timeout: 60_000 });
    expect(await page.locator('.quire-comment-card').count()).toBeGreaterThan(0);
  }, 120_000);
});
