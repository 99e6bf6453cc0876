// Issue 21's end-to-end review in real headless Chromium on the example page: a contract under
// review by two people is opened with all markup, a comment answered and a thread resolved with
// the cards' buttons, one change accepted and another rejected from the toolbar and the keyboard,
// an edit suggested in suggest mode; the downloaded file opens again as it was left, and
// LibreOffice (through its UNO bridge) reads the same comments and changes and accepts all to the
// text the editor's acceptAll gives.
import { copyFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TrackedChange } from 'quire/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReviewWithLibreOffice } from '../support/libreoffice-review.js';
import { changesFromLibreOffice, changesFromQuire, coveredByTypeAndAuthor } from '../review/review-comparisons.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, docxFixture } from './example-page.js';

const CONTRACT = 'quire-word-reviewed-contract.docx';
const DOWNLOADED = 'reviewed-contract-downloaded.docx';
// The example page's editor has the default user.
const USER = 'Quire user';
const SCREENSHOTS = process.env['QUIRE_SCREENSHOTS'];
const chromium = useRepositoryInChromium();

/** The review the editor holds, as plain data: comments by text (a thread's parent by its text), changes without ids. */
interface ReviewState {
  readonly comments: Array<{ author: string; initials: string | null; text: string; parent: string | null; done: boolean; anchor: string | null }>;
  readonly changes: Array<Pick<TrackedChange, 'kind' | 'author' | 'date' | 'text'>>;
}

// Reads the state through the API: the ids of changes suggested are written anew on export.
const reviewState = (page: Page): Promise<ReviewState> =>
  page.evaluate(() => {
    interface PageEditor {
      comments: { list(): Array<{ id: string; author: string; initials: string | null; paragraphs: string[]; parentId: string | null; done: boolean; anchorText: string | null }> };
      changes: { list(): TrackedChange[] };
    }
    const editor = (window as unknown as { editor: PageEditor }).editor;
    const comments = editor.comments.list();
    const textOf = (id: string | null) => (id === null ? null : comments.find((comment) => comment.id === id)!.paragraphs.join('\n'));
    return {
      comments: comments.map((comment) => ({ author: comment.author, initials: comment.initials, text: comment.paragraphs.join('\n'), parent: textOf(comment.parentId), done: comment.done, anchor: comment.anchorText })),
      changes: editor.changes.list().map(({ kind, author, date, text }) => ({ kind, author, date, text })),
    };
  });

/** What the cards on screen say: each thread's texts and whether it is resolved. */
async function shownThreads(page: Page): Promise<Array<{ texts: string[]; done: boolean }>> {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.quire-comment-card')].every((card) => card.style.top !== ''));
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.quire-comment-card')].map((card) => ({
      texts: [...card.querySelectorAll('.quire-comment-text')].map((text) => text.textContent ?? ''),
      done: card.dataset['done'] === 'true',
    })),
  );
}

// ProseMirror reads a selection the keyboard moved on `selectionchange`: the next key waits for two frames.
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
const press = async (page: Page, ...keys: string[]) => {
  for (const key of keys) {
    await page.keyboard.press(key);
    await settle(page);
  }
};
const selected = (page: Page) => page.evaluate(() => document.getSelection()?.toString() ?? '');

/** Presses Next change (Alt+Shift+.) until the selection is `text`, at most once per stop of the contract. */
async function goToChange(page: Page, text: string): Promise<void> {
  for (let stop = 0; stop < 12 && (await selected(page)) !== text; stop += 1) await press(page, 'Alt+Shift+Period');
  expect(await selected(page)).toBe(text);
}

/** The text of each paragraph of the document on screen. */
const paragraphTexts = (page: Page) => page.locator('.quire-document p').allTextContents();

describe('reviewing a contract in Chromium, as in Word, and reading the download in LibreOffice', () => {
  let downloads: string;
  beforeAll(async () => {
    downloads = await mkdtemp(join(tmpdir(), 'quire-review-e2e-'));
  });
  afterAll(async () => {
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('keeps the replies, resolved threads, decisions and suggestions made on the page through a download and a re-open, and LibreOffice reads the same', async () => {
    const context = await chromium.browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&markup=all`);
    expect(await chooseOnExamplePage(page, docxFixture(CONTRACT))).toBe(`${CONTRACT} is open.`);
    await page.waitForSelector('.quire-document[data-layout="pages"]');
    const opened = await reviewState(page);

    // All markup: the deletions of both authors are shown struck, beside the insertions.
    for (const change of opened.changes) {
      await expect.poll(() => page.locator(change.kind === 'deletion' ? '.quire-document del' : '.quire-document ins', { hasText: change.text.trim() }).first().isVisible()).toBe(true);
    }
    expect(await shownThreads(page)).toHaveLength(opened.comments.filter((comment) => comment.parent === null).length);

    // A reply to Bo's open question, through its card's Reply button and the keyboard.
    const question = page.locator('.quire-comment-card', { hasText: 'Is ninety days enough?' });
    await question.getByRole('button', { name: /^Reply to the comment/ }).click();
    await page.keyboard.type('Ninety days, as in the old contract.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await shownThreads(page)).find((thread) => thread.texts[0] === 'Is ninety days enough?')?.texts).toEqual(['Is ninety days enough?', 'Ninety days, as in the old contract.']);

    // The thread on the client's name, answered in the file, resolved with its card's button.
    await page.locator('.quire-comment-card', { hasText: 'Use the registered name.' }).getByRole('button', { name: /^Resolve the comment/ }).click();
    await expect.poll(async () => (await shownThreads(page)).find((thread) => thread.texts[0] === 'Use the registered name.')?.done).toBe(true);

    // Bo's "thirty" deleted, accepted with the toolbar's Accept; Ann's " of receipt" deleted, rejected with the toolbar's Reject.
    await page.locator('.quire-document p', { hasText: '1. The Supplier' }).click();
    await press(page, 'Home');
    await goToChange(page, 'thirty');
    await page.getByRole('button', { name: /^Accept change/ }).click();
    await goToChange(page, ' of receipt');
    await page.getByRole('button', { name: /^Reject change/ }).click();
    await expect.poll(() => paragraphTexts(page)).toContain('2. The Client pays each invoice within fourteen days of receipt.');

    // Suggest mode from the toolbar's Mode menu; a word deleted and words typed in the last paragraph.
    await page.getByRole('button', { name: 'Mode: Editing' }).click();
    await page.getByRole('menuitemradio', { name: 'Suggesting' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { editor: { mode: string } }).editor.mode)).toBe('suggest');
    await page.locator('.quire-document p', { hasText: 'Signed for the Client' }).click();
    await press(page, 'Home', 'Shift+Control+ArrowRight');
    expect(await selected(page)).toBe('Signed');
    await press(page, 'Backspace', 'End', 'ArrowLeft');
    await page.keyboard.type(' today');
    await expect.poll(async () => (await reviewState(page)).changes.filter((change) => change.author === USER).map(({ kind, text }) => `${kind} ${text}`)).toEqual(['deletion Signed', 'insertion  today']);

    const left = await reviewState(page);
    expect(left.comments).toContainEqual({ author: USER, initials: 'QU', text: 'Ninety days, as in the old contract.', parent: 'Is ninety days enough?', done: false, anchor: 'end this agreement' });
    expect(left.comments.filter((comment) => comment.done).map((comment) => comment.text)).toEqual(['Use the registered name.', 'Northwind Trading Ltd, per the register.', 'Governing law agreed by phone.']);
    // The decided changes are gone from the list, the others kept with their authors and dates.
    const decided = opened.changes.filter((change) => change.text === 'thirty' || change.text === ' of receipt');
    expect(left.changes.filter((change) => change.author !== USER)).toEqual(opened.changes.filter((change) => !decided.includes(change)));

    // Downloaded with the page's button and opened again: the review is as it was left.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const path = join(downloads, DOWNLOADED);
    await download.saveAs(path);
    expect(await chooseOnExamplePage(page, path)).toBe(`${DOWNLOADED} is open.`);
    const reopened = await reviewState(page);
    expect(reopened).toEqual(left);
    expect(await shownThreads(page)).toEqual([
      { texts: ['Use the registered name.', 'Northwind Trading Ltd, per the register.'], done: true },
      { texts: ['Is ninety days enough?', 'Ninety days, as in the old contract.'], done: false },
      { texts: ['Governing law agreed by phone.'], done: true },
    ]);
    if (SCREENSHOTS) {
      // The editor's half of docs/review.md's picture, and the file LibreOffice renders for the other half.
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.locator('.quire-document').evaluate((element) => element.closest('main')!.scrollTo(0, 0));
      await page.screenshot({ path: join(SCREENSHOTS, 'review-contract-quire.png'), caret: 'initial' });
      copyFileSync(path, join(SCREENSHOTS, 'review-contract.docx'));
    }

    // LibreOffice reads the same comments and changes, and accepts and rejects all to the editor's text.
    const fromLibreOffice = (await readReviewWithLibreOffice(new Map([[DOWNLOADED, new Uint8Array(await readFile(path))]]))).get(DOWNLOADED)!;
    // LibreOffice lists comments in the order of their ranges, the editor in the file's.
    const byAuthorAndText = <T extends { author: string; text: string }>(comments: T[]) => [...comments].sort((a, b) => `${a.author}\n${a.text}`.localeCompare(`${b.author}\n${b.text}`));
    expect(byAuthorAndText(fromLibreOffice.comments.map(({ author, initials, text, resolved, anchor }) => ({ author, initials, text, resolved, anchor })))).toEqual(byAuthorAndText(reopened.comments.map(({ author, initials, text, done, anchor }) => ({ author, initials, text, resolved: done, anchor }))));
    expect(coveredByTypeAndAuthor(changesFromLibreOffice(fromLibreOffice.changes))).toEqual(coveredByTypeAndAuthor(changesFromQuire(reopened.changes)));
    const decide = (all: 'acceptAll' | 'rejectAll') => page.evaluate((name) => (window as unknown as { editor: { changes: Record<string, () => boolean> } }).editor.changes[name]!(), all);
    expect(await decide('acceptAll')).toBe(true);
    expect(await paragraphTexts(page)).toEqual(fromLibreOffice.accepted);
    await press(page, 'Control+z');
    expect(await decide('rejectAll')).toBe(true);
    expect(await paragraphTexts(page)).toEqual(fromLibreOffice.rejected);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
