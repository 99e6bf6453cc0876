// The editor example page (examples/editor) asks before it is closed with edits that no download
// holds, in real Chromium: closing runs the page's beforeunload listeners as a tab's close button
// does (`runBeforeUnload`), and Chromium's "Leave site?" dialog shows only if one of them cancels.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

const FIXTURE = 'pandoc-block_quotes.docx';
const PARAGRAPH = 'This is called the Intense Quote style.';

describe('the editor example page and unsaved edits in Chromium', () => {
  const chromium = useRepositoryInChromium();

  /** Opens the page and the fixture, and clicks at the end of a paragraph (a user gesture, which Chromium needs before it may ask). */
  async function openDocument(): Promise<Page> {
    const context = await chromium.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&fonts=off`);
    await page.setInputFiles('#file', join(repositoryRoot, 'test/fixtures/docx', FIXTURE));
    await page.waitForFunction((text) => document.getElementById('status')?.textContent === text, `${FIXTURE} is open.`);
    await page.locator('#editor .quire-document p', { hasText: PARAGRAPH }).first().click();
    await page.keyboard.press('End');
    return page;
  }

  /**
   * Closes the page as its tab's close button would and returns the types of the dialogs it
   * raised; each is answered with `answer` ('leave' accepts, 'stay' dismisses once, then leaves).
   */
  async function closeThePage(page: Page, answer: 'leave' | 'stay' = 'leave'): Promise<string[]> {
    const dialogs: string[] = [];
    let stayed = false;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      if (answer === 'stay' && !stayed) {
        stayed = true;
        void dialog.dismiss();
      } else {
        void dialog.accept();
      }
    });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    if (answer === 'stay') {
      await expect.poll(() => stayed).toBe(true);
      expect(page.isClosed()).toBe(false);
      expect(await page.locator('#editor .quire-document').innerText()).toContain(`${PARAGRAPH} Not saved yet.`);
      await page.close({ runBeforeUnload: true });
    }
    await closed;
    await page.context().close();
    return dialogs;
  }

  it('asks before it is closed after typing, and keeps the edits when the user stays', async () => {
    const page = await openDocument();
    await page.keyboard.type(' Not saved yet.');
    expect(await closeThePage(page, 'stay')).toEqual(['beforeunload', 'beforeunload']);
  });

  it('closes without asking once the edits are downloaded', async () => {
    const page = await openDocument();
    await page.keyboard.type(' Saved.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    await download.path();
    expect(await closeThePage(page)).toEqual([]);
  });

  it('asks again after an edit made after the download', async () => {
    const page = await openDocument();
    await page.keyboard.type(' Saved.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    await download.path();
    await page.locator('#editor .quire-document p', { hasText: PARAGRAPH }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then edited.');
    expect(await closeThePage(page)).toEqual(['beforeunload']);
  });

  it('closes without asking when the document was only read', async () => {
    const page = await openDocument();
    // Selecting text is not an edit.
    await page.keyboard.press('Shift+Home');
    expect(await closeThePage(page)).toEqual([]);
  });
});
