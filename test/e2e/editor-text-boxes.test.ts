// Anchored text boxes in real headless Chromium on the script-tag example page (examples/editor):
// a box placed relative to the page's margins stands there on the sheet, as Word and LibreOffice
// put it, not in the text where it is anchored; its text is edited in place, and what the edit did
// not touch is exported byte for byte. Telemetry is off: no collector is needed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

const DOCUMENT = '#editor .quire-document';
// Two boxes anchored in the first paragraph, as wide as the text and centred on it, no wrapping:
// "Last update" at the bottom of the margin, the title in its middle. A4, margins of 1418 twips.
const FIXTURE = 'pandoc-text_in_shape_format.docx';
const EMUS_PER_PIXEL = 9525;
const PAGE_HEIGHT = 16838 / 15;
const MARGIN = 1418 / 15;

describe('anchored text boxes in the editor, in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let downloads: string;

  beforeAll(async () => {
    downloads = await mkdtemp(join(tmpdir(), 'quire-text-boxes-'));
  });
  afterAll(async () => {
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  const openFixture = (): Promise<Page> => openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(FIXTURE));

  /** The box holding `text`, from its sheet's top left corner, in CSS pixels. */
  function boxOnSheet(page: Page, text: string) {
    return page.evaluate(
      ([selector, wanted]) => {
        const box = [...document.querySelectorAll<HTMLElement>(`${selector} .quire-text-box`)].find((element) => element.textContent?.includes(wanted));
        if (!box) throw new Error(`no text box shows "${wanted}"`);
        const sheet = box.closest('.quire-sheet')!.getBoundingClientRect();
        const rect = box.getBoundingClientRect();
        return { left: rect.left - sheet.left, top: rect.top - sheet.top, width: rect.width, height: rect.height };
      },
      [DOCUMENT, text] as const,
    );
  }

  it('draws a box placed relative to the margins at that place on the sheet: "Last update" at the foot of the first page', async () => {
    const page = await openFixture();
    const footer = await boxOnSheet(page, 'Last update');
    const height = 385200 / EMUS_PER_PIXEL;
    expect(Math.abs(footer.left - MARGIN)).toBeLessThan(3);
    expect(Math.abs(footer.top - (PAGE_HEIGHT - MARGIN - height))).toBeLessThan(3);
    expect(Math.abs(footer.width - 5759450 / EMUS_PER_PIXEL)).toBeLessThan(3);
    const title = await boxOnSheet(page, 'Valter Kiisk');
    const titleHeight = 2070000 / EMUS_PER_PIXEL;
    expect(Math.abs(title.left - MARGIN)).toBeLessThan(3);
    expect(Math.abs(title.top - (MARGIN + (PAGE_HEIGHT - 2 * MARGIN - titleHeight) / 2))).toBeLessThan(3);
    await page.close();
  });

  it('edits the text of a box in place (typing, Enter, Backspace, undo), and exports untouched paragraphs byte for byte', async () => {
    const page = await openFixture();
    const before = await boxOnSheet(page, 'Last update');
    await page.locator(`${DOCUMENT} .quire-text-box p`, { hasText: 'Last update' }).click({ position: { x: 2, y: 5 } });
    await page.keyboard.press('Home');
    await page.keyboard.type('Edited ');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Zq');
    await page.keyboard.press('Backspace');
    const texts = await page.locator(`${DOCUMENT} .quire-text-box`, { hasText: 'Last update' }).locator('p').allInnerTexts();
    expect(texts.map((text) => text.trim())).toEqual(['Edited', 'ZLast update: May 1, 2017']);
    // The box keeps its place: it grows downwards from where it stands.
    const after = await boxOnSheet(page, 'Last update');
    expect(Math.abs(after.top - before.top)).toBeLessThan(1);
    expect(Math.abs(after.left - before.left)).toBeLessThan(1);
    // Undo everything, then type once more and export.
    for (let step = 0; step < 6; step++) await page.keyboard.press('Control+z');
    expect((await page.locator(`${DOCUMENT} .quire-text-box`, { hasText: 'Last update' }).locator('p').allInnerTexts()).map((text) => text.trim())).toEqual(['Last update: May 1, 2017']);
    await page.keyboard.type('Now ');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const saved = join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const exported = strFromU8(unzipSync(new Uint8Array(await readFile(saved)))['word/document.xml']!);
    const original = strFromU8(unzipSync(new Uint8Array(await readFile(docxFixture(FIXTURE))))['word/document.xml']!);
    // The typed text joins the run it was typed before, in the box's paragraph, in the DrawingML box and in its VML fallback.
    expect(exported.split('<w:r w:rsidRPr="005E55F3"><w:t xml:space="preserve">Now Last update: </w:t></w:r>').length).toBe(3);
    // What follows the anchor paragraph (the end of its boxes' alternate content) is untouched.
    const anchorEnd = original.indexOf('</w:p>', original.indexOf('</mc:AlternateContent>', original.lastIndexOf('</w:txbxContent>')));
    expect(exported.endsWith(original.slice(anchorEnd))).toBe(true);
    expect(exported.startsWith(original.slice(0, original.indexOf('</w:pPr>', original.indexOf('<w:txbxContent>')) + '</w:pPr>'.length))).toBe(true);
    await page.close();
  });
});
