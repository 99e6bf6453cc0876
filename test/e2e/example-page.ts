// The script-tag example page (examples/editor) with a document open, as the Chromium tests of
// the editor use it.
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repositoryRoot } from './browser-harness.js';

/** The path of test/fixtures/docx/`name`. */
export const docxFixture = (name: string): string => join(repositoryRoot, 'test/fixtures/docx', name);

/** A file made in the test, as Playwright's `setInputFiles` takes it. */
export interface FilePayload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/**
 * Chooses the file at `path` (or `file`) in the example page's file input and resolves, with the
 * page's status line, once the page says it is open or that it could not be opened.
 */
export async function chooseOnExamplePage(page: Page, file: string | FilePayload): Promise<string> {
  await page.setInputFiles('#file', file);
  await page.waitForFunction(
    (file) => {
      const status = document.getElementById('status')?.textContent ?? '';
      return status === `${file} is open.` || status.startsWith(`${file} could not be opened`);
    },
    typeof file === 'string' ? basename(file) : file.name,
    { timeout: 15_000 },
  );
  return (await page.textContent('#status')) ?? '';
}

/**
 * Opens `origin`/examples/editor/ with telemetry off, in `layout` (pages by default), in a new
 * 1200 × 900 page of `browser` and the file at `path` in it, laid out on pages when in `pages`;
 * rejects unless the page says it is open.
 */
export async function openExampleWithFile(browser: Browser, origin: string, path: string, layout: 'pages' | 'flow' = 'pages'): Promise<Page> {
  // A wait that never ends fails naming its step, before the test's own 30 s run out.
  const page = await newExamplePage(browser, origin, { width: 1200, height: 900 }, 20_000, `&layout=${layout}`);
  const status = await chooseOnExamplePage(page, path);
  if (status !== `${basename(path)} is open.`) throw new Error(status);
  // The pages follow the document onto the screen: a test clicks once the text stands still.
  if (layout === 'pages') {
    await page.waitForSelector('.quire-document[data-layout="pages"]');
    await page.evaluate(async () => {
      await document.fonts.ready;
      for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
  }
  return page;
}

/**
 * A new page of `browser`, `viewport` in size, on `origin`/examples/editor/ with telemetry off
 * (and `query` added to its address) and no document open yet; its waits fail after `timeout` ms.
 */
export async function newExamplePage(browser: Browser, origin: string, viewport: { width: number; height: number }, timeout: number, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(timeout);
  await page.goto(`${origin}/examples/editor/index.html?telemetry=off${query}`);
  return page;
}

/**
 * A new 1200 × 900 page of `browser` on the example page with an empty editor of its own in flow,
 * all markup and fonts off, by the reviewer `user`, in an element of id `id` before the page's own
 * editor and on `window[id]`; resolves once it is ready. For the tests of suggest mode.
 */
export async function newReviewingEditor(browser: Browser, origin: string, id: string, user: string): Promise<Page> {
  const page = await newExamplePage(browser, origin, { width: 1200, height: 900 }, 20_000, '&fonts=off');
  await page.waitForFunction(() => 'Quire' in window);
  await page.evaluate(
    async ([id, user]) => {
      const element = document.createElement('div');
      element.id = id;
      document.body.prepend(element);
      const { Editor } = (window as unknown as { Quire: { Editor: new (options: object) => { ready: Promise<void> } } }).Quire;
      const editor = new Editor({ element, telemetry: { enabled: false }, fonts: false, layout: 'flow', markup: 'all', user: { name: user } });
      Object.assign(window, { [id]: editor });
      await editor.ready;
    },
    [id, user] as const,
  );
  return page;
}

/** Resolves once `page` has drawn two frames and run its timers: ProseMirror reads a caret moved by the keyboard on `selectionchange`, a frame later. */
export function nextFrame(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

/** Presses each key on `page`, the next one once ProseMirror has seen what the last did. */
export async function pressEach(page: Page, ...names: string[]): Promise<void> {
  for (const name of names) {
    await page.keyboard.press(name);
    await nextFrame(page);
  }
}
