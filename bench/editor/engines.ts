import type { Browser, Page } from 'playwright-core';
import type { ExpectedText } from './fixture-text.js';

/** An engine under test: its bench page under bench/editor/pages/. */
export interface Engine {
  readonly name: string;
  readonly page: string;
}

export const QUIRE: Engine = { name: 'Quire Editor', page: 'quire.html' };
export const DOCX_PREVIEW: Engine = { name: 'docx-preview (baseline)', page: 'docx-preview.html' };

/** One open of a document in a fresh page. */
export interface OpenSample {
  /** From the engine's entry point (`new Editor`, `renderAsync`) to the frame with the document on screen. */
  readonly ms: number;
  /** V8 heap in use after a full garbage collection, in bytes. */
  readonly heapBytes: number;
  /** `document.getElementsByTagName('*').length` after the open. */
  readonly elements: number;
}

/** The in-page API of bench/editor/pages/probes.js. */
interface EditorBench {
  open(url: string, expected: ExpectedText): Promise<{ ms: number; elements: number }>;
  armKeystrokes(): void;
  caretAtEnd(lastParagraph: string): void;
  contains(text: string): boolean;
  samples(): KeystrokeSample[];
}

/** One keystroke, in milliseconds from its keydown event. */
export interface KeystrokeSample {
  /** Until the end of the next frame. */
  readonly painted: number;
  /** Until the script that handled the key (the editor's, or the browser's editing) was done; NaN when no input event came. */
  readonly handled: number;
}
declare const editorBench: EditorBench;

/** Opens `fixture` (a path under the served root) with `engine` in a new browser context and page. */
export async function openFresh(browser: Browser, origin: string, engine: Engine, fixture: string, expected: ExpectedText): Promise<{ page: Page; sample: OpenSample }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/bench/editor/pages/${engine.page}`);
  const opened = await page.evaluate(([url, text]) => editorBench.open(url, text), [`${origin}/${fixture}`, expected] as const);
  if (errors.length > 0) throw new Error(`${engine.name} on ${fixture}: ${errors.join('; ')}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
  if (heapBytes === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
  return { page, sample: { ms: opened.ms, elements: opened.elements, heapBytes } };
}

/**
 * Types `count` characters at the end of the open document, one at a time, after `warmUp` unmeasured
 * ones, and returns their latencies. Throws when the typed text is not found at the end of the
 * document afterwards, or a key caused no input event.
 */
export async function typeAtEnd(page: Page, expected: ExpectedText, count: number, warmUp: number): Promise<KeystrokeSample[]> {
  await page.evaluate((last) => { editorBench.armKeystrokes(); editorBench.caretAtEnd(last); }, expected.lastParagraph);
  let typed = '';
  for (let i = 0; i < warmUp + count; i++) {
    const key = 'abcdefghijklmnopqrstuvwxyz'[i % 26] ?? 'x';
    await page.keyboard.type(key);
    typed += key;
    await page.waitForFunction((n) => editorBench.samples().length >= n, i + 1, { timeout: 5_000 });
    // Keys at irregular gaps, as people type, so presses do not lock onto the frame clock.
    await new Promise((pause) => setTimeout(pause, 20 + Math.random() * 30));
  }
  if (!(await page.evaluate((text) => editorBench.contains(text), expected.lastParagraph + typed))) {
    throw new Error('the typed text is not at the end of the last paragraph');
  }
  const samples = (await page.evaluate(() => editorBench.samples())).slice(warmUp);
  if (samples.some((sample) => Number.isNaN(sample.handled))) throw new Error('a keystroke caused no input event');
  return samples;
}
