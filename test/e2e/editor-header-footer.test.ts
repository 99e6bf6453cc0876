// Headers, footers and footnotes edited in place in real Chromium, as in Word: a double-click on
// one painted on a page (or shown on its sheet in the flow layout) opens it for editing, the
// pages repaint with the new text, Escape or a click in the body leaves, and undo takes it back.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { extractWordText, listDocxEntries, readDocxParts } from '../support/docx-parts.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

const ODD_EVEN = 'superdoc-h_f-normal-odd-even.docx';
const FOOTNOTES = 'superdoc-basic-footnotes.docx';
// A footnote and an endnote, which Word sets after the text.
const NOTES = 'pandoc-notes.docx';
// Two sections, each with a header of its own.
const SECTION_HEADERS = 'python-docx-hdr-header-footer.docx';

/** A painted part of the pages: its kind, the page (from 0) and the variant or note id it shows. */
interface PaintedPart {
  readonly part: string;
  readonly page: number;
  readonly variant: string | undefined;
  readonly noteId: string | undefined;
  readonly text: string;
}

/**
 * Reads what the pages paint in each header, footer and footnote: the painted runs whose baseline
 * lies within the part's box, white space dropped (the painted runs are placed, not spaced).
 */
function paintedParts(page: Page): Promise<PaintedPart[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.quire-document .quire-part-region')].map((region) => {
      const box = region.getBoundingClientRect();
      // A painted run's box ends at its baseline (see paint-dom.ts).
      const text = [...region.parentElement!.querySelectorAll('span')]
        .filter((span) => {
          const baseline = span.getBoundingClientRect().bottom;
          return span.firstChild instanceof Text && baseline > box.top && baseline <= box.bottom + 0.5;
        })
        .map((span) => span.textContent ?? '')
        .join('')
        .replace(/\s+/gu, '');
      const { part = '', page, variant, noteId } = region.dataset;
      return { part, page: Number(page), variant, noteId, text };
    }),
  );
}

/** The document's own text (its paragraphs, without headers, footers, notes and page turns), as the model shows it. */
function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const sheet = [...document.querySelectorAll('.quire-document > .quire-sheet')];
    const texts: string[] = [];
    for (const section of sheet) {
      const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest('.quire-page-turn, .quire-header-footer') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    }
    return texts.join('');
  });
}

/** The text of a part as the document holds it (its node's view, hidden on pages), white space dropped. */
function modelText(page: Page, selector: string): Promise<string> {
  return page.evaluate((selector) => (document.querySelector(selector)?.textContent ?? '').replace(/\s+/gu, ''), selector);
}

/** Double-clicks the middle of the painted part `selector` and resolves once the part editor is open and focused. */
async function openPart(page: Page, selector: string): Promise<void> {
  const region = page.locator(selector);
  await region.scrollIntoViewIfNeeded();
  await region.dblclick();
  await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
}

/** Resolves once every painted part `selector` reads `expected`-containing text (`true`) or none does (`false`). */
async function waitForPainted(page: Page, selector: string, text: string, shown: boolean): Promise<void> {
  await page.waitForFunction(
    ({ selector, text, shown }) => {
      const regions = [...document.querySelectorAll<HTMLElement>(selector)];
      const painted = (region: HTMLElement) => (region.parentElement?.textContent ?? '').replace(/\s+/gu, '').includes(text);
      return regions.length > 0 && regions.every((region) => painted(region) === shown);
    },
    { selector, text, shown },
  );
}

describe('editing headers, footers and footnotes in place', { timeout: 60_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.close();
    page = undefined;
  });

  it('edits the even footer from page 2: every even page paints the new text with its own page number, odd pages and the body keep theirs', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 4`);
    const body = await bodyText(page);
    const before = await paintedParts(page);
    const oddFooter = before.find((part) => part.part === 'footer' && part.variant === 'default')!.text;

    await openPart(page, '.quire-part-region[data-part="footer"][data-page="1"]');
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Even Page Footer');
    expect(await page.evaluate(() => document.querySelector('.quire-viewport')!.classList.contains('quire-editing-part'))).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' Revised');
    await page.keyboard.press('Escape');
    expect(await page.locator('.quire-part-editor').count()).toBe(0);

    await waitForPainted(page, '.quire-part-region[data-part="footer"][data-variant="even"]', 'Revised', true);
    const after = await paintedParts(page);
    const footers = after.filter((part) => part.part === 'footer');
    expect(footers.length).toBe(await page.evaluate(`editor.getPageCount()`));
    for (const footer of footers) {
      if (footer.variant === 'even') {
        expect(footer.text).toContain('Revised');
        // The page number field goes on counting pages.
        expect(footer.text).toContain(String(footer.page + 1));
      } else {
        expect(footer.text).not.toContain('Revised');
      }
    }
    expect(after.find((part) => part.part === 'footer' && part.variant === 'default')!.text).toBe(oddFooter);
    expect(await modelText(page, '.quire-sheet > footer.quire-header-footer[data-variant="even"]')).toContain('Revised');
    expect(await bodyText(page)).toBe(body);
  });

  it('writes the edited footer into the exported DOCX', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 2`);
    await openPart(page, '.quire-part-region[data-part="footer"][data-page="0"]');
    await page.keyboard.press('End');
    await page.keyboard.type(' Exported');
    await page.keyboard.press('Escape');
    // `editor` is the example page's own variable (examples/editor/app.js).
    const bytes = (await page.evaluate(`editor.export().then((blob) => blob.arrayBuffer()).then((buffer) => [...new Uint8Array(buffer)])`)) as number[];
    const parts = readDocxParts(new Uint8Array(bytes));
    const footers = [...parts].filter(([path]) => /^word\/footer\d*\.xml$/u.test(path)).map(([, xml]) => extractWordText(xml));
    expect(footers.filter((text) => text.includes('Exported'))).toHaveLength(1);
    expect(footers.some((text) => text.includes('Odd page footer'))).toBe(true);
  });

  it('edits a footnote at the foot of its page; Escape leaves it and the body takes the keyboard again', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(FOOTNOTES));
    await page.waitForSelector('.quire-part-region[data-part="footnote"]');
    const body = await bodyText(page);
    await openPart(page, '.quire-part-region[data-part="footnote"][data-note-id="1"]');
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Footnote');
    await page.keyboard.press('End');
    await page.keyboard.type(' amended');
    await waitForPainted(page, '.quire-part-region[data-part="footnote"][data-note-id="1"]', 'amended', true);
    expect(await modelText(page, 'aside.quire-note')).toContain('amended');
    expect(await bodyText(page)).toBe(body);

    await page.keyboard.press('Escape');
    expect(await page.locator('.quire-part-editor').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('quire-document'))).toBe(true);
    await page.keyboard.type('Typed in the body');
    expect(await bodyText(page)).toContain('Typed in the body');
    expect((await paintedParts(page)).find((part) => part.noteId === '1')?.text).toContain('amended');
  });

  it('edits the endnote set after the text and exports it into its own w:endnote, every other part as an export without the edit writes it', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(NOTES));
    const region = '.quire-part-region[data-part="footnote"][data-note-id="endnote-1"]';
    await page.waitForSelector(region);
    const exportEntries = async () => listDocxEntries(new Uint8Array((await page!.evaluate(`editor.export().then((blob) => blob.arrayBuffer()).then((buffer) => [...new Uint8Array(buffer)])`)) as number[]));
    // The identity metadata goes in with the first export, edited or not.
    const unedited = await exportEntries();
    const body = await bodyText(page);
    await openPart(page, region);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Endnote');
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-label'))).toBe('Endnote');
    expect(await page.textContent('.quire-part-editor > .quire-note-number')).toBe('i');
    await page.keyboard.press('End');
    await page.keyboard.type(' Revised');
    await waitForPainted(page, region, 'Revised', true);
    await page.keyboard.press('Escape');
    expect(await bodyText(page)).toBe(body);

    const edited = await exportEntries();
    expect(extractWordText(new TextDecoder().decode(edited.get('word/endnotes.xml')))).toContain('Revised');
    expect(Buffer.from(edited.get('word/endnotes.xml')!).equals(Buffer.from(unedited.get('word/endnotes.xml')!))).toBe(false);
    const others = [...unedited.keys()].filter((path) => path !== 'word/endnotes.xml');
    expect(others).toContain('word/footnotes.xml');
    expect([...edited.keys()].sort()).toEqual([...unedited.keys()].sort());
    for (const path of others) expect(Buffer.from(edited.get(path)!).equals(Buffer.from(unedited.get(path)!)), path).toBe(true);
    // The original's notes part, but for the edited note's text, is written as it was.
    const original = readDocxParts(readFileSync(docxFixture(NOTES))).get('word/endnotes.xml')!;
    expect(new TextDecoder().decode(edited.get('word/endnotes.xml')).replace(' Revised', '')).toBe(original);
  });

  it('keeps the headers and footers over their pages when the paragraphs holding the page turns are drawn anew, as a screenshot that hides the caret has them drawn', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(SECTION_HEADERS));
    await page.waitForFunction(`editor.getPageCount() >= 2`);
    // Where each page's chrome (its header, footer and gap) stands against the sheet, in CSS pixels.
    const shifts = () =>
      page!.evaluate(() => {
        const sheet = document.querySelector('.quire-document .quire-sheet')!.getBoundingClientRect().left;
        return [...document.querySelectorAll<HTMLElement>('.quire-page-chrome')].filter((chrome) => chrome.getBoundingClientRect().bottom > 0 && chrome.getBoundingClientRect().top < innerHeight).map((chrome) => Math.round(chrome.getBoundingClientRect().left - sheet));
      });
    const before = await shifts();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((shift) => shift === 0)).toBe(true);

    await page.screenshot({ caret: 'hide' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    expect(await shifts()).toEqual(before);
  });

  it('leaves the part on a click in the body, which puts the caret there', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(FOOTNOTES));
    await page.waitForSelector('.quire-part-region[data-part="footnote"]');
    await openPart(page, '.quire-part-region[data-part="footnote"][data-note-id="1"]');
    await page.click('.quire-sheet > p', { position: { x: 2, y: 2 } });
    expect(await page.locator('.quire-part-editor').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector('.quire-viewport')!.classList.contains('quire-editing-part'))).toBe(false);
    await page.keyboard.type('Clicked');
    expect(await bodyText(page)).toContain('Clicked');
  });

  it('takes a header edit back with Ctrl+Z, in the header and after leaving it', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 2`);
    const header = '.quire-sheet > header.quire-header-footer[data-variant="default"]';
    const original = await modelText(page, header);
    await openPart(page, '.quire-part-region[data-part="header"][data-page="0"]');
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Header');
    await page.keyboard.type('Draft');
    expect(await modelText(page, header)).toContain('Draft');
    await waitForPainted(page, '.quire-part-region[data-part="header"][data-variant="default"]', 'Draft', true);
    await page.keyboard.press('Control+z');
    expect(await modelText(page, header)).toBe(original);
    expect(await page.evaluate(() => document.querySelector('.quire-part-editor')?.textContent?.replace(/\s+/gu, ''))).toBe(original);

    await page.keyboard.type('Again');
    await page.keyboard.press('Escape');
    await waitForPainted(page, '.quire-part-region[data-part="header"][data-page="0"]', 'Again', true);
    await page.keyboard.press('Control+z');
    expect(await modelText(page, header)).toBe(original);
    await waitForPainted(page, '.quire-part-region[data-part="header"][data-page="0"]', 'Again', false);
  });

  it('keeps the pages still while a header on page 3 is typed into, the part editor over the header it edits showing page number 3', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 4`);
    const region = '.quire-part-region[data-part="header"][data-page="2"]';
    await openPart(page, region);
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('3');
    const where = () =>
      page!.evaluate((region) => {
        const shown = document.querySelector(region)!.getBoundingClientRect();
        const editor = document.querySelector('.quire-part-editor')!.getBoundingClientRect();
        return { scroll: document.querySelector('.quire-viewport')!.scrollTop, shown: shown.top, editor: editor.top };
      }, region);
    const before = await where();
    await page.keyboard.type('Typed on page three ');
    // Every page sharing the header paints the text: the pages were laid out again meanwhile.
    await waitForPainted(page, '.quire-part-region[data-part="header"][data-variant="default"]', 'Typedonpagethree', true);
    const after = await where();
    expect(Math.abs(after.scroll - before.scroll)).toBeLessThan(2);
    expect(Math.abs(after.shown - before.shown)).toBeLessThan(2);
    expect(Math.abs(after.editor - after.shown)).toBeLessThan(1);
  });

  it('opens the header of the caret’s page with Alt+Shift+H, where the toolbar’s bold and centring change the header, not the body, and show its state', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 4`);
    const header = '.quire-sheet > header.quire-header-footer[data-variant="default"]';
    const bodyBold = () => page!.evaluate(() => document.querySelectorAll('.quire-sheet > :not(.quire-header-footer) strong').length);
    const boldBefore = await bodyBold();
    await page.evaluate(`editor.goToPage(3)`);
    await page.keyboard.press('Alt+Shift+H');
    await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-label'))).toBe('Header');
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('3');
    // A triple click selects the header's paragraph of text (the one before holds its page number).
    await page.click('.quire-part-editor p:last-child', { clickCount: 3 });
    await page.waitForFunction(() => String(getSelection()).includes('Odd page header'));
    await page.click('.quire-toolbar button[aria-label="Bold"]');
    await page.click('.quire-toolbar button[aria-label="Center"]');

    expect(await page.evaluate(() => document.activeElement?.closest('.quire-part-editor') != null)).toBe(true);
    expect(await page.getAttribute('.quire-toolbar button[aria-label="Bold"]', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('.quire-toolbar button[aria-label="Center"]', 'aria-pressed')).toBe('true');
    expect(await page.evaluate(`editor.getSelectionState()`)).toMatchObject({ bold: true, align: 'center', canUndo: true });
    const shown = await page.evaluate((header) => {
      const paragraph = document.querySelector<HTMLElement>(`${header} p:last-child`)!;
      return { bold: paragraph.querySelector('strong')?.textContent ?? '', text: paragraph.textContent ?? '', align: paragraph.style.textAlign };
    }, header);
    expect(shown.bold).toContain('Odd page header');
    expect(shown.bold).toBe(shown.text);
    expect(shown.align).toBe('center');
    expect(await bodyBold()).toBe(boldBefore);
    await page.screenshot({ path: '/tmp/quire-header-bold.png' });

    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('quire-document'))).toBe(true);
  });

  it('opens the even footer of page 2 with Alt+Shift+F and the header of page 4 with editPart, from which Alt+Shift+F goes to that page’s footer; in an open part editPart means its page', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN));
    await page.waitForFunction(`editor.getPageCount() >= 4`);
    await page.evaluate(`editor.goToPage(2)`);
    await page.keyboard.press('Alt+Shift+F');
    await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Even Page Footer');
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('2');
    await page.keyboard.press('Escape');
    expect(await page.locator('.quire-part-editor').count()).toBe(0);

    await page.evaluate(`editor.goToPage(4)`);
    expect(await page.evaluate(`editor.editPart('header')`)).toBe(true);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Even Page Header');
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('4');
    // From the header, Alt+Shift+F goes to the footer of the same page.
    await page.keyboard.press('Alt+Shift+F');
    await page.waitForSelector('.quire-part-editor[data-part="footer"]');
    expect(await page.locator('.quire-part-editor').count()).toBe(1);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Even Page Footer');
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('4');
    expect(await page.evaluate(() => document.activeElement?.closest('.quire-part-editor')?.getAttribute('data-part'))).toBe('footer');

    // While a part is open, editPart means its page, wherever the document's caret is.
    await page.keyboard.press('Escape');
    await openPart(page, '.quire-part-region[data-part="header"][data-page="2"]');
    await page.evaluate(`editor.goToPage(1)`);
    expect(await page.getAttribute('.quire-part-editor', 'data-part')).toBe('header');
    expect(await page.evaluate(`editor.editPart('footer')`)).toBe(true);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Footer');
    expect(await page.textContent('.quire-part-editor .quire-field[data-field="PAGE"]')).toBe('3');
  });

  it('edits a footer shown on its sheet in the flow layout', async () => {
    page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(ODD_EVEN), 'flow');
    const footer = '.quire-sheet > footer.quire-header-footer[data-variant="default"]';
    const body = await bodyText(page);
    await openPart(page, footer);
    expect(await page.getAttribute('.quire-part-editor', 'data-label')).toBe('Footer');
    await page.keyboard.press('End');
    await page.keyboard.type(' Flowing');
    await page.keyboard.press('Escape');
    expect(await modelText(page, footer)).toContain('Flowing');
    expect(await bodyText(page)).toBe(body);
  });
});
