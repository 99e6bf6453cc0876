// Making comments in real headless Chromium, on the example page, with the keyboard and the
// cards' buttons: a new comment on a selection (Ctrl+Alt+M), a reply to a comment of the file, a
// thread resolved; the document downloaded and opened again shows them as they were left.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, docxFixture, nextFrame, pressEach } from './example-page.js';

const FIXTURE = 'python-docx-comments-rich-para.docx';
const SCREENSHOTS = process.env['QUIRE_SCREENSHOTS'];
const chromium = useRepositoryInChromium();

interface ShownCard {
  readonly id: string;
  readonly done: boolean;
  readonly text: string;
}

/** The cards shown, once placed, with their text and resolved state. */
async function shownCards(page: Page): Promise<ShownCard[]> {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.quire-comment-card')].every((card) => card.style.top !== ''));
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.quire-comment-card:not(.quire-comment-draft)')].map((card) => ({
      id: card.dataset['commentId']!,
      done: card.dataset['done'] === 'true',
      text: [...card.querySelectorAll('.quire-comment-text')].map((text) => text.textContent).join(' | '),
    })),
  );
}

describe('making comments in Chromium', () => {
  let downloads: string;
  beforeAll(async () => {
    downloads = await mkdtemp(join(tmpdir(), 'quire-comments-'));
  });
  afterAll(async () => {
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('adds a comment, replies to one and resolves it, and finds them as left after a download and a re-open', async () => {
    const context = await chromium.browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&layout=flow`);
    expect(await chooseOnExamplePage(page, docxFixture(FIXTURE))).toBe(`${FIXTURE} is open.`);
    const before = await shownCards(page);
    const first = before[0]!;

    // A new comment on a paragraph's text, from the keyboard.
    await page.locator('.quire-document p', { hasText: 'Other document text.' }).click();
    await pressEach(page, 'Home', 'Shift+End');
    // ProseMirror takes a selection made with the keyboard from the next selectionchange: the new comment needs it.
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('Other document text.');
    await nextFrame(page);
    await page.keyboard.press('Control+Alt+m');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('New comment');
    await page.keyboard.type('Needs a source');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await shownCards(page)).length).toBe(before.length + 1);

    // A reply to the first comment, and its thread resolved, through the card's buttons.
    const card = page.locator(`.quire-comment-card[data-comment-id="${first.id}"]`);
    await card.getByRole('button', { name: /^Reply to the comment/ }).click();
    await page.keyboard.type('Done as asked');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await shownCards(page)).find((shown) => shown.id === first.id)?.text).toContain('Done as asked');
    await page.locator(`.quire-comment-card[data-comment-id="${first.id}"]`).getByRole('button', { name: /^Resolve the comment/ }).click();
    const left = await shownCards(page);
    expect(left.find((shown) => shown.id === first.id)?.done).toBe(true);

    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const path = join(downloads, FIXTURE);
    await saved.saveAs(path);
    expect(await chooseOnExamplePage(page, path)).toBe(`${FIXTURE} is open.`);
    const reopened = await shownCards(page);
    expect(reopened.map(({ done, text }) => ({ done, text })).sort((a, b) => a.text.localeCompare(b.text))).toEqual(left.map(({ done, text }) => ({ done, text })).sort((a, b) => a.text.localeCompare(b.text)));
    expect(reopened.some((shown) => shown.text === 'Needs a source')).toBe(true);
    if (SCREENSHOTS) {
      // The picture of docs/review.md: a reply being written beside the resolved thread.
      const open = reopened.find((shown) => !shown.done && shown.text !== 'Needs a source')!;
      await page.locator(`.quire-comment-card[data-comment-id="${open.id}"]`).getByRole('button', { name: /^Reply to the comment/ }).click();
      await page.keyboard.type('A reply being written');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'review-comment-editing.png') });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
