// A header or footer added where the document has none, in real Chromium, as in Word: a
// double-click in the top or bottom margin of a page without one opens an empty one there; what
// is typed into it shows on every page and is exported into a part of its own; one left empty
// goes again.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { extractWordText, readDocxParts } from '../support/docx-parts.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

// Two pages of text and no header or footer part.
const WITHOUT_PARTS = 'docxjs-text.docx';

/** The DOCX the example page's editor exports, as its parts by name. */
async function exported(page: Page): Promise<Map<string, string>> {
  // `editor` is the example page's own variable (examples/editor/app.js).
  const bytes = (await page.evaluate(`editor.export().then((blob) => blob.arrayBuffer()).then((buffer) => [...new Uint8Array(buffer)])`)) as number[];
  return readDocxParts(new Uint8Array(bytes));
}

/** The text each page paints in its header's box, white space dropped, page by page. */
function paintedHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.quire-document .quire-part-region[data-part="header"]')].map((region) => {
      const box = region.getBoundingClientRect();
      return [...region.parentElement!.querySelectorAll('span')]
        .filter((span) => span.firstChild instanceof Text && span.getBoundingClientRect().bottom > box.top && span.getBoundingClientRect().bottom <= box.bottom + 0.5)
        .map((span) => span.textContent ?? '')
        .join('')
        .replace(/\s+/gu, '');
    }),
  );
}

describe('adding a header or footer the document does not have', { timeout: 60_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.close();
    page = undefined;
  });

  it('opens an empty header on a double-click in the top margin; its text shows on every page and is exported into a new part the section names', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(WITHOUT_PARTS));
    const missing = page.locator('.quire-document .quire-part-region[data-part="header"][data-page="0"][data-missing="true"]');
    await missing.scrollIntoViewIfNeeded();
    await missing.dblclick();
    await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Header');
    await page.keyboard.type('Added header');
    await page.keyboard.press('Escape');

    // The pages are laid out again after the typing stops.
    await page.waitForFunction(() => {
      const regions = [...document.querySelectorAll<HTMLElement>('.quire-document .quire-part-region[data-part="header"]')];
      return regions.length > 0 && regions.every((region) => region.dataset['missing'] === undefined && region.parentElement!.textContent!.includes('Added header'));
    });
    const headers = await paintedHeaders(page);
    expect(headers.length).toBe(await page.evaluate(`editor.getPageCount()`));
    expect(headers).toEqual(headers.map(() => 'Addedheader'));

    const parts = await exported(page);
    const headerParts = [...parts.keys()].filter((name) => /^word\/header\d*\.xml$/u.test(name));
    expect(headerParts).toHaveLength(1);
    expect(extractWordText(parts.get(headerParts[0]!)!)).toContain('Added header');
    const relationship = new RegExp(`<Relationship [^>]*Id="([^"]+)"[^>]*Target="${headerParts[0]!.slice('word/'.length)}"`, 'u').exec(parts.get('word/_rels/document.xml.rels')!)
      ?? new RegExp(`<Relationship [^>]*Target="${headerParts[0]!.slice('word/'.length)}"[^>]*Id="([^"]+)"`, 'u').exec(parts.get('word/_rels/document.xml.rels')!);
    expect(relationship).not.toBeNull();
    expect(parts.get('word/document.xml')).toMatch(new RegExp(`<w:sectPr[^>]*><w:headerReference w:type="default" r:id="${relationship![1]}"/>`, 'u'));
  });

  it('adds nothing for a footer opened from the keyboard on a page without one and left empty', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(WITHOUT_PARTS));
    await page.waitForSelector('.quire-document .quire-part-region[data-part="footer"][data-missing="true"]');
    const before = await exported(page);
    await page.click('.quire-sheet > p', { position: { x: 2, y: 2 } });
    await page.keyboard.press('Alt+Shift+F');
    await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Footer');
    expect(await page.evaluate(() => document.querySelectorAll('.quire-sheet > footer.quire-header-footer').length)).toBe(1);
    await page.keyboard.press('Escape');

    await page.waitForFunction(() => document.querySelectorAll('.quire-sheet > footer.quire-header-footer').length === 0);
    const after = await exported(page);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(after.get('word/document.xml')).toBe(before.get('word/document.xml'));
  });

  it('keeps a footer opened twice in a row from the keyboard while it is open, with what is typed, and takes it out if left empty', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(WITHOUT_PARTS));
    await page.waitForSelector('.quire-document .quire-part-region[data-part="footer"][data-missing="true"]');
    const footers = () => page!.evaluate(() => [...document.querySelectorAll('.quire-sheet > footer.quire-header-footer')].map((footer) => footer.textContent));
    const openTwice = async () => {
      await page!.click('.quire-sheet > p', { position: { x: 2, y: 2 } });
      await page!.keyboard.press('Alt+Shift+F');
      await page!.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
      await page!.keyboard.press('Alt+Shift+F');
      // The second opening replaces the first editor with one of the same footer.
      await page!.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page!.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    };

    await openTwice();
    expect(await footers()).toEqual(['']);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('.quire-sheet > footer.quire-header-footer').length === 0);

    await openTwice();
    await page.keyboard.type('Kept');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.quire-part-editor') === null);
    // Past the microtask in which an editor's close takes an empty part out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await footers()).toEqual(['Kept']);
  });
});
