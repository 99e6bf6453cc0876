// Formatting in suggest mode in Chromium with the real keyboard: Ctrl+B on a selected word and
// Ctrl+Shift+E on its paragraph are recorded as format changes by the user, drawn dotted under in
// all markup, and exported as Word writes them (w:rPrChange, w:pPrChange).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPackage } from '../../packages/quire/src/package/open-package.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { newReviewingEditor, pressEach } from './example-page.js';

const DOCUMENT = '#formatting .quire-document';

interface ListedChange {
  readonly kind: string;
  readonly target: string;
  readonly author: string;
  readonly text: string;
  readonly description?: string;
}

describe('formatting in suggest mode in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    page = await newReviewingEditor(chromium.browser, chromium.statics.origin, 'formatting', 'Ann Reviewer');
  });
  afterAll(async () => {
    await page?.close();
  });

  const keys = (...names: string[]) => pressEach(page, ...names);
  const listed = () => page.evaluate(() => (window as unknown as { formatting: { changes: { list(): ListedChange[] } } }).formatting.changes.list().map(({ kind, target, author, text, description }) => ({ kind, target, author, text, description })));

  it('records Ctrl+B and Ctrl+Shift+E as format changes, draws the text dotted under and exports w:rPrChange and w:pPrChange', async () => {
    await page.click(DOCUMENT);
    await page.keyboard.type('Plain words here');
    await page.evaluate(() => (window as unknown as { formatting: { setMode(mode: string): void } }).formatting.setMode('suggest'));
    await page.click(DOCUMENT);
    await keys('Control+Home', 'Control+ArrowRight', 'Shift+Control+ArrowRight', 'Control+b', 'Control+Shift+e');
    const changes = await listed();
    expect(changes.map(({ kind, target, author, description }) => ({ kind, target, author, description }))).toEqual([
      { kind: 'format', target: 'paragraph', author: 'Ann Reviewer', description: 'Alignment: center' },
      { kind: 'format', target: 'text', author: 'Ann Reviewer', description: 'Bold' },
    ]);
    expect(changes[1]!.text.trim()).toBe('words');
    const decoration = await page.locator(`${DOCUMENT} .quire-format-change`).evaluate((element) => getComputedStyle(element).textDecorationStyle);
    expect(decoration).toBe('dotted');

    const bytes = await page.evaluate(async () => [...new Uint8Array(await (await (window as unknown as { formatting: { export(): Promise<Blob> } }).formatting.export()).arrayBuffer())]);
    const xml = (await openPackage(new Uint8Array(bytes)).readXmlPart('/word/document.xml')).text;
    expect(xml).toMatch(/<w:jc w:val="center"\/><w:pPrChange w:id="\d+" w:author="Ann Reviewer" w:date="[^"]+"><w:pPr\/><\/w:pPrChange>/);
    expect(xml).toMatch(/<w:b\/><w:bCs\/><w:rPrChange w:id="\d+" w:author="Ann Reviewer" w:date="[^"]+"><w:rPr\/><\/w:rPrChange><\/w:rPr><w:t xml:space="preserve">words ?<\/w:t>/);

    // Ctrl+B again takes the bold back, and with it its change; the paragraph's stays.
    await keys('Control+b');
    expect((await listed()).map((change) => change.target)).toEqual(['paragraph']);
  });
});
