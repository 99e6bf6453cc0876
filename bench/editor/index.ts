// `npm run bench editor`: the Quire Editor in headless Chromium against docx-preview (a view-only
// DOCX renderer, the usual way to show a DOCX in a page) on the same documents in the same run:
// time until the document is on screen, JS heap and DOM size after the open, and keystroke
// latency at the end of the long document, in the editor's flow layout; then the tables of its
// pages layout on the long document and on that document twice (pages-layout.ts), and of review
// marks on the long document (review-markup.ts). Both load
// their script-tag builds (dist/quire.min.js, which `npm run bench` builds first; docx-preview's
// UMD build with JSZip).
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium, repositoryRoot, serveRepository } from '../../test/e2e/browser-harness.js';
import { median } from '../convert/time-median.js';
import { quantile } from '../support/quantile.js';
import { formatMs, formatRatio, printTable } from '../support/table.js';
import { armKeystrokes, DOCX_PREVIEW, openFresh, QUIRE, typeAt, type Engine, type KeystrokeSample, type OpenSample } from './engines.js';
import { readExpectedText } from './fixture-text.js';
import { runPagesLayout } from './pages-layout.js';
import { runReviewMarkup } from './review-markup.js';

const FIXTURES = ['superdoc-40-pages.docx', 'superdoc-300-pages.docx'];
const LONG = 'superdoc-300-pages.docx';
const RUNS = 5;
const KEYSTROKES = { pages: 3, count: 40, warmUp: 5 };
const TARGETS = { longOpenMs: 1_500, keystrokeP95Ms: 16, heapMb: 100 };
const ENGINES = [QUIRE, DOCX_PREVIEW];

type Opens = Map<string, Map<Engine, OpenSample[]>>;

/** Prints the open, memory, keystroke and target tables. */
export async function run(): Promise<void> {
  if (!existsSync(`${repositoryRoot}/packages/quire/dist/quire.min.js`)) throw new Error('dist/ is missing: run `npm run build` first (`npm run bench` does).');
  const statics = await serveRepository();
  // Without a frame-rate limit a frame is produced as soon as there is something to draw: at a
  // 60 Hz frame clock even an empty contenteditable waits up to 16.7 ms for its frame (p95 about
  // 16.7 ms), which would hide the editor's own work behind the clock.
  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  try {
    const opens = await measureOpens(browser, statics.origin);
    printOpenTable(opens);
    const keystrokes = new Map<Engine, KeystrokeSample[]>();
    for (const engine of ENGINES) keystrokes.set(engine, await measureKeystrokes(browser, statics.origin, engine));
    printKeystrokeTable(keystrokes);
    printTargets(opens, keystrokes);
    await runPagesLayout(browser, statics.origin);
    await runReviewMarkup(browser, statics.origin);
  } finally {
    await browser.close();
    await statics.close();
  }
}

/** RUNS fresh pages per engine and document, the engines taking turns so drift hits both alike. */
async function measureOpens(browser: Browser, origin: string): Promise<Opens> {
  const opens: Opens = new Map();
  for (const fixture of FIXTURES) {
    const expected = readExpectedText(`${repositoryRoot}/test/fixtures/docx/${fixture}`);
    const byEngine = new Map<Engine, OpenSample[]>(ENGINES.map((engine) => [engine, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const engine of ENGINES) {
        const { page, sample } = await openFresh(browser, origin, engine, `test/fixtures/docx/${fixture}`, expected);
        byEngine.get(engine)?.push(sample);
        await page.context().close();
      }
    }
    opens.set(fixture, byEngine);
  }
  return opens;
}

/** KEYSTROKES.count keys on each of KEYSTROKES.pages fresh pages, pooled. */
async function measureKeystrokes(browser: Browser, origin: string, engine: Engine): Promise<KeystrokeSample[]> {
  const expected = readExpectedText(`${repositoryRoot}/test/fixtures/docx/${LONG}`);
  const samples: KeystrokeSample[] = [];
  for (let run = 0; run < KEYSTROKES.pages; run++) {
    const { page } = await openFresh(browser, origin, engine, `test/fixtures/docx/${LONG}`, expected);
    try {
      await armKeystrokes(page);
      samples.push(...(await typeAt(page, 'end', expected, KEYSTROKES.count, KEYSTROKES.warmUp)).samples);
    } finally {
      await page.context().close();
    }
  }
  return samples;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const medianOf = (samples: readonly OpenSample[] | undefined, key: keyof OpenSample) => median((samples ?? []).map((sample) => sample[key]));

function printOpenTable(opens: Opens): void {
  console.log(`Open: \`new Editor\` (or \`renderAsync\`) until the frame with the first paragraph in view and every paragraph in the DOM; median of ${RUNS} fresh pages. Heap: V8 heap in use after a full GC.\n`);
  const rows: string[][] = [];
  for (const [fixture, byEngine] of opens) {
    const baseline = byEngine.get(DOCX_PREVIEW);
    for (const [engine, samples] of byEngine) {
      const times = samples.map((sample) => sample.ms);
      const ms = median(times);
      const heap = medianOf(samples, 'heapBytes');
      const elements = medianOf(samples, 'elements');
      rows.push([
        fixture, engine.name, formatMs(ms), `${formatMs(Math.min(...times))} – ${formatMs(Math.max(...times))}`,
        formatRatio(medianOf(baseline, 'ms'), ms),
        mb(heap), `${(heap / medianOf(baseline, 'heapBytes')).toFixed(2)}x`,
        String(elements), `${(elements / medianOf(baseline, 'elements')).toFixed(2)}x`,
      ]);
    }
  }
  printTable(['document', 'engine', 'on screen', 'range', 'docx-preview time ÷ this', 'JS heap', 'heap ÷ docx-preview', 'DOM elements', 'elements ÷ docx-preview'], rows);
}

function printKeystrokeTable(keystrokes: ReadonlyMap<Engine, KeystrokeSample[]>): void {
  console.log(`\nKeystrokes at the end of ${LONG}: keydown (its event time stamp) to the end of the next frame (no frame-rate limit); "script" ends when the input event's listeners are done, the rest is mostly style, layout and paint. ${KEYSTROKES.count} keys after ${KEYSTROKES.warmUp} unmeasured on each of ${KEYSTROKES.pages} fresh pages. docx-preview has no editor: its DOM is made contenteditable, the browser's own editing of the same document.\n`);
  const baselineP95 = quantile((keystrokes.get(DOCX_PREVIEW) ?? []).map((sample) => sample.painted), 0.95);
  printTable(['engine', 'median', 'p95', 'max', 'script median', 'script p95', 'p95 ÷ docx-preview'], [...keystrokes].map(([engine, samples]) => {
    const painted = samples.map((sample) => sample.painted);
    const handled = samples.map((sample) => sample.handled);
    return [
      engine.name, formatMs(median(painted)), formatMs(quantile(painted, 0.95)), formatMs(Math.max(...painted)),
      formatMs(median(handled)), formatMs(quantile(handled, 0.95)), `${(quantile(painted, 0.95) / baselineP95).toFixed(2)}x`,
    ];
  }));
}

function printTargets(opens: Opens, keystrokes: ReadonlyMap<Engine, KeystrokeSample[]>): void {
  const long = opens.get(LONG);
  const openMs = medianOf(long?.get(QUIRE), 'ms');
  const baselineMs = medianOf(long?.get(DOCX_PREVIEW), 'ms');
  const p95 = quantile((keystrokes.get(QUIRE) ?? []).map((sample) => sample.painted), 0.95);
  const heapMb = Math.max(...FIXTURES.map((fixture) => medianOf(opens.get(fixture)?.get(QUIRE), 'heapBytes'))) / 1024 / 1024;
  const status = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log('\nTargets of the Quire Editor on this machine.\n');
  printTable(['figure', 'measured', 'target', 'status'], [
    [`${LONG} on screen`, formatMs(openMs), `< ${formatMs(TARGETS.longOpenMs)}`, status(openMs < TARGETS.longOpenMs)],
    [`${LONG} on screen vs docx-preview`, `${formatMs(openMs)} vs ${formatMs(baselineMs)}`, 'sooner than docx-preview', status(openMs < baselineMs)],
    ['keystroke p95', formatMs(p95), `< ${TARGETS.keystrokeP95Ms} ms`, status(p95 < TARGETS.keystrokeP95Ms)],
    ['JS heap after open, largest document', `${heapMb.toFixed(1)} MB`, `< ${TARGETS.heapMb} MB`, status(heapMb < TARGETS.heapMb)],
  ]);
}
