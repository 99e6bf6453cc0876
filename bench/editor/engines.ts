import type { Browser, Page } from 'playwright-core';
import type { ExpectedText } from './fixture-text.js';

/** An engine under test: its bench page under bench/editor/pages/, and for the Quire Editor its layout and mode (default `edit`). */
export interface Engine {
  readonly name: string;
  readonly page: string;
  readonly layout?: 'flow' | 'pages';
  readonly mode?: 'edit' | 'suggest';
}

export const QUIRE: Engine = { name: 'Quire Editor (flow)', page: 'quire.html', layout: 'flow' };
export const QUIRE_PAGES: Engine = { name: 'Quire Editor (pages)', page: 'quire.html', layout: 'pages' };
export const QUIRE_SUGGEST: Engine = { name: 'Quire Editor (pages, suggest)', page: 'quire.html', layout: 'pages', mode: 'suggest' };
export const DOCX_PREVIEW: Engine = { name: 'docx-preview (baseline)', page: 'docx-preview.html' };

/** One open of a document in a fresh page. */
export interface OpenSample {
  /** From the engine's entry point (`new Editor`, `renderAsync`) to the frame with the document on screen. */
  readonly ms: number;
  /** V8 heap in use after a full garbage collection, in bytes. */
  readonly heapBytes: number;
  /** `document.getElementsByTagName('*').length` after the open. */
  readonly elements: number;
  /** In the pages layout: from the entry point to the frame after the first `page` event (NaN otherwise). */
  readonly pagesMs: number;
  /** In the pages layout: from the entry point to the first frame with pages on screen, the first of a long document's before the rest is read (NaN otherwise). */
  readonly firstPageMs: number;
  /** The pages shown: `getPageCount()` in the pages layout, docx-preview's page sections; 0 in the flow. */
  readonly pageCount: number;
  /** In the pages layout: the longest long task from the entry point until the pages were shown. */
  readonly longestMs: number;
}

/** Where the keystrokes go: see `caretAt` in bench/editor/pages/probes.js. */
export type CaretPlace = 'start' | 'middle' | 'page-end' | 'end';

/** The text around the caret and the page holding it, as `caretAt` leaves them. */
interface Caret {
  readonly before: string;
  readonly after: string;
  readonly page: number;
  /** The page turns before the caret in the DOM. */
  readonly turnsBefore: number;
}

/** The in-page API of bench/editor/pages/probes.js. */
interface EditorBench {
  open(url: string, expected: ExpectedText, layout: Engine['layout'], waitForPages?: boolean, mode?: Engine['mode']): Promise<Omit<OpenSample, 'heapBytes'>>;
  pagesOnScreen(): Promise<Pick<OpenSample, 'pagesMs' | 'pageCount' | 'longestMs'>>;
  settle(): Promise<number>;
  armKeystrokes(): void;
  caretAt(where: CaretPlace, lastParagraph: string): Promise<Caret>;
  currentPage(): number;
  turnsBeforeCaret(): number;
  relaidOut(since: number): Promise<Relayout>;
  duringLongTask(time: number): boolean;
  contains(text: string): boolean;
  samples(): KeystrokeSample[];
  printReady(): Promise<number>;
}

/** The pages laid out again once typing stopped. */
export interface Relayout {
  /** From the last keydown until the end of the last long task after it (0: none). */
  readonly busyUntilMs: number;
  /** The longest long task from the last keydown until the main thread was quiet (0: none). */
  readonly longestMs: number;
}

/** One keystroke, in milliseconds from its keydown event. */
export interface KeystrokeSample {
  /** Until the end of the next frame. */
  readonly painted: number;
  /** Until the script that handled the key (the editor's, or the browser's editing) was done; NaN when no input event came. */
  readonly handled: number;
  /** The keydown's time stamp in the page's clock. */
  readonly pressed: number;
}
declare const editorBench: EditorBench;

/** A new browser context and page showing `engine`'s bench page, and the page errors it reports. */
async function newBenchPage(browser: Browser, origin: string, engine: Engine): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/bench/editor/pages/${engine.page}`);
  return { page, errors };
}

/** Opens `fixture` (a path under the served root) with `engine` in a new browser context and page. */
export async function openFresh(browser: Browser, origin: string, engine: Engine, fixture: string, expected: ExpectedText): Promise<{ page: Page; sample: OpenSample }> {
  const { page, errors } = await newBenchPage(browser, origin, engine);
  const opened = await page.evaluate(([url, text, layout, mode]) => editorBench.open(url, text, layout, true, mode), [`${origin}/${fixture}`, expected, engine.layout, engine.mode] as const);
  if (errors.length > 0) throw new Error(`${engine.name} on ${fixture}: ${errors.join('; ')}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
  if (heapBytes === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
  return { page, sample: { ...opened, heapBytes } };
}

/** Keys typed from the moment the document is on screen in the pages layout, while its pages are first laid out. */
export interface FirstLayoutTyping {
  readonly samples: readonly KeystrokeSample[];
  /** How many of the keys were pressed while the main thread was in a long task. */
  readonly inLongTask: number;
  /** From `new Editor` until the pages were on screen once typing stopped. */
  readonly pagesMs: number;
}

/**
 * Opens `fixture` in the pages layout in a new page and types at the start of the document from
 * the moment it is on screen, as someone would who starts at once, until a key has come while
 * the main thread was in a long task (the layout, its fonts) or `maxKeys` were typed; then waits
 * for the pages.
 */
export async function typeDuringFirstLayout(browser: Browser, origin: string, fixture: string, expected: ExpectedText, maxKeys: number): Promise<FirstLayoutTyping> {
  const { page, errors } = await newBenchPage(browser, origin, QUIRE_PAGES);
  try {
    await page.evaluate(([url, text]) => editorBench.open(url, text, 'pages', false), [`${origin}/${fixture}`, expected] as const);
    await armKeystrokes(page);
    await page.evaluate((last) => editorBench.caretAt('start', last), expected.lastParagraph);
    let inLongTask = 0;
    for (let typed = 0; typed < maxKeys && inLongTask === 0; typed++) {
      await page.keyboard.type('abcdefghijklmnopqrstuvwxyz'[typed % 26] ?? 'x');
      await page.waitForFunction((n) => editorBench.samples().length >= n, typed + 1, { timeout: 30_000 });
      inLongTask = await page.evaluate(() => editorBench.samples().filter((sample) => editorBench.duringLongTask(sample.pressed)).length);
      await new Promise((pause) => setTimeout(pause, 20 + Math.random() * 30));
    }
    const samples = await page.evaluate(() => editorBench.samples());
    if (samples.some((sample) => Number.isNaN(sample.handled))) throw new Error('a key typed during the first layout caused no input event');
    const { pagesMs } = await page.evaluate(() => editorBench.pagesOnScreen());
    if (errors.length > 0) throw new Error(`${QUIRE_PAGES.name} on ${fixture}: ${errors.join('; ')}`);
    return { samples, inLongTask, pagesMs };
  } finally {
    await page.context().close();
  }
}

/**
 * Types `count` characters at `where` in the open document, one at a time, after `warmUp`
 * unmeasured ones, and returns their latencies and the caret as it was before them. Throws when
 * the typed text is not found there afterwards, or a key caused no input event.
 */
export async function typeAt(page: Page, where: CaretPlace, expected: ExpectedText, count: number, warmUp: number): Promise<{ samples: KeystrokeSample[]; caret: Caret }> {
  const caret = await page.evaluate(([place, last]) => editorBench.caretAt(place, last), [where, expected.lastParagraph] as const);
  const first = (await page.evaluate(() => editorBench.samples())).length;
  let typed = '';
  for (let i = 0; i < warmUp + count; i++) {
    const key = 'abcdefghijklmnopqrstuvwxyz'[i % 26] ?? 'x';
    await page.keyboard.type(key);
    typed += key;
    await page.waitForFunction((n) => editorBench.samples().length >= n, first + i + 1, { timeout: 5_000 });
    // Keys at irregular gaps, as people type, so presses do not lock onto the frame clock.
    await new Promise((pause) => setTimeout(pause, 20 + Math.random() * 30));
  }
  if (!(await page.evaluate((text) => editorBench.contains(text), caret.before + typed + caret.after))) {
    throw new Error(`the typed text is not at the caret placed at "${where}"`);
  }
  const samples = (await page.evaluate(() => editorBench.samples())).slice(first + warmUp);
  if (samples.some((sample) => Number.isNaN(sample.handled))) throw new Error('a keystroke caused no input event');
  return { samples, caret };
}

/** Arms the keystroke probes of an open page; call once, before {@link typeAt}. */
export async function armKeystrokes(page: Page): Promise<void> {
  await page.evaluate(() => editorBench.armKeystrokes());
}

/** Waits until the pages are laid out again after the last keystroke and the main thread is quiet. */
export async function waitForRelayout(page: Page): Promise<Relayout> {
  return page.evaluate(() => editorBench.relaidOut(Math.max(...editorBench.samples().map((sample) => sample.pressed))));
}

/**
 * Presses a key, waits `delayMs` (longer than the editor's pause before it lays the pages out
 * again), presses another and returns the second's latency and whether it was pressed while the
 * main thread was busy in a long task. Waits for the layout that follows before it returns.
 */
export async function pressDuringRelayout(page: Page, delayMs: number): Promise<{ sample: KeystrokeSample; duringLongTask: boolean }> {
  const first = (await page.evaluate(() => editorBench.samples())).length;
  await page.keyboard.type('x');
  await new Promise((pause) => setTimeout(pause, delayMs));
  await page.keyboard.type('y');
  await page.waitForFunction((n) => editorBench.samples().length >= n, first + 2, { timeout: 30_000 });
  const sample = (await page.evaluate(() => editorBench.samples()))[first + 1];
  if (sample === undefined || Number.isNaN(sample.handled)) throw new Error('the key pressed during the layout caused no input event');
  const duringLongTask = await page.evaluate((time) => editorBench.duringLongTask(time), sample.pressed);
  await waitForRelayout(page);
  return { sample, duringLongTask };
}

/** The page holding the caret as the editor's last `page` event said, and as the turns drawn before it in the DOM say. */
export async function caretPage(page: Page): Promise<{ page: number; turnsBefore: number }> {
  return page.evaluate(() => ({ page: editorBench.currentPage(), turnsBefore: editorBench.turnsBeforeCaret() }));
}

/** Prints the open document with the editor, the print dialog stood in for, and returns the time until that dialog would open. */
export async function printReady(page: Page): Promise<number> {
  return page.evaluate(() => editorBench.printReady());
}

/** Resolves once the main thread has run no long task for half a second. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => editorBench.settle());
}
