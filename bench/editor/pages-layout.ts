// The pages layout of the Quire Editor on long documents, against docx-preview in the same run:
// time until the document and then its pages are on screen, JS heap with the pages, keystroke
// latency at four places, the main-thread block when the pages are laid out again after typing,
// and how long a key pressed during that layout waits.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { repositoryRoot } from '../../test/e2e/browser-harness.js';
import { median } from '../convert/time-median.js';
import { doubledDocx } from '../support/doubled-docx.js';
import { quantile } from '../support/quantile.js';
import { formatMs, formatRatio, printTable } from '../support/table.js';
import {
  armKeystrokes, caretPage, DOCX_PREVIEW, openFresh, pressDuringRelayout, printReady, typeDuringFirstLayout, QUIRE_PAGES, settle, typeAt, waitForRelayout,
  type CaretPlace, type Engine, type FirstLayoutTyping, type KeystrokeSample, type OpenSample, type Relayout,
} from './engines.js';
import { readExpectedText } from './fixture-text.js';

const LONG = 'superdoc-300-pages.docx';
const RUNS = 3;
const TYPING = { count: 16, warmUp: 2 };
const PLACES: readonly CaretPlace[] = ['start', 'middle', 'page-end', 'end'];
// The editor waits 150 ms after a change before it lays the pages out again: a key pressed
// this long after the one before comes while that layout runs, if it runs that long.
const PRESS_DELAYS_MS = [170, 250];
// Keys typed at most while the pages are first laid out (about 4 s of typing).
const FIRST_LAYOUT_MAX_KEYS = 60;
const ENGINES = [QUIRE_PAGES, DOCX_PREVIEW];

/** A document of the pages table: its name in the table and its path under the served root. */
interface PagedFixture {
  readonly name: string;
  readonly path: string;
}

/** What one fresh page of one engine measured. */
interface PagedRun {
  readonly open: OpenSample;
  readonly keys: ReadonlyMap<CaretPlace, readonly KeystrokeSample[]>;
  /** After the keys typed at each place, the pages laid out again (none for docx-preview). */
  readonly relayouts: readonly Relayout[];
  /** Whether the keys typed at `page-end` took the caret onto the next page once laid out again. */
  readonly pushed: boolean;
  /** Whether the editor's `page` event then gave the caret's page as the next one too. */
  readonly pageEventFollowed: boolean;
  /** Keys pressed while the pages were being laid out again. */
  readonly duringLayout: readonly { sample: KeystrokeSample; duringLongTask: boolean }[];
  /** From `print()` until the print dialog would open (NaN for docx-preview, which does not print pages). */
  readonly printMs: number;
}

/** What the fresh pages of one document measured. */
interface FixtureResults {
  readonly byEngine: Map<Engine, PagedRun[]>;
  /** Keys typed during the first layout, in a page of its own per run. */
  readonly firstLayout: FirstLayoutTyping[];
}

type PagedResults = Map<PagedFixture, FixtureResults>;

/** Measures and prints the pages tables. */
export async function runPagesLayout(browser: Browser, origin: string): Promise<void> {
  const results: PagedResults = new Map();
  for (const fixture of fixtures()) results.set(fixture, await measureFixture(browser, origin, fixture));
  printOpenTable(results);
  printKeystrokeTable(results);
  printRelayoutTable(results);
  printPrintTable(results);
}

// The 300-page fixture, and the same twice as a 600-page document written where the server serves it.
function fixtures(): PagedFixture[] {
  const folder = `${repositoryRoot}/tmp/bench`;
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}/superdoc-600-pages.docx`, doubledDocx(LONG));
  return [
    { name: LONG, path: `test/fixtures/docx/${LONG}` },
    { name: `${LONG} twice`, path: 'tmp/bench/superdoc-600-pages.docx' },
  ];
}

/** RUNS fresh pages per engine, the engines taking turns so drift hits both alike. */
async function measureFixture(browser: Browser, origin: string, fixture: PagedFixture): Promise<FixtureResults> {
  const expected = readExpectedText(`${repositoryRoot}/${fixture.path}`);
  const byEngine = new Map<Engine, PagedRun[]>(ENGINES.map((engine) => [engine, []]));
  const firstLayout: FirstLayoutTyping[] = [];
  for (let run = 0; run < RUNS; run++) {
    firstLayout.push(await typeDuringFirstLayout(browser, origin, fixture.path, expected, FIRST_LAYOUT_MAX_KEYS));
    for (const engine of ENGINES) {
      const { page, sample } = await openFresh(browser, origin, engine, fixture.path, expected);
      try {
        byEngine.get(engine)?.push(await useOpenPage(page, engine, sample, expected));
      } finally {
        await page.context().close();
      }
    }
  }
  return { byEngine, firstLayout };
}

async function useOpenPage(page: Page, engine: Engine, open: OpenSample, expected: ReturnType<typeof readExpectedText>): Promise<PagedRun> {
  const paged = engine.layout === 'pages';
  await settle(page);
  await armKeystrokes(page);
  const keys = new Map<CaretPlace, KeystrokeSample[]>();
  const relayouts: Relayout[] = [];
  let pushed = false;
  let pageEventFollowed = false;
  for (const place of PLACES) {
    const { samples, caret } = await typeAt(page, place, expected, TYPING.count, TYPING.warmUp);
    keys.set(place, samples);
    if (!paged) continue;
    relayouts.push(await waitForRelayout(page).catch((error: unknown) => {
      throw new Error(`after typing at ${place}: ${String(error)}`);
    }));
    if (place === 'page-end') {
      const after = await caretPage(page);
      pushed = after.turnsBefore > caret.turnsBefore;
      pageEventFollowed = after.page > caret.page;
    }
  }
  const duringLayout = [];
  if (paged) for (const delay of PRESS_DELAYS_MS) duringLayout.push(await pressDuringRelayout(page, delay));
  const printMs = paged ? await printReady(page) : Number.NaN;
  return { open, keys, relayouts, pushed, pageEventFollowed, duringLayout, printMs };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const range = (values: readonly number[]) => `${formatMs(Math.min(...values))} – ${formatMs(Math.max(...values))}`;
const opens = (runs: readonly PagedRun[] | undefined) => (runs ?? []).map((run) => run.open);
const keysAt = (runs: readonly PagedRun[] | undefined, place: CaretPlace) => (runs ?? []).flatMap((run) => run.keys.get(place) ?? []).map((sample) => sample.painted);

function printOpenTable(results: PagedResults): void {
  console.log(`\nPages layout, open: \`new Editor\` until the first frame with pages on screen (a long document's first pages come before the rest is read: not editable until then), until the whole document is on screen (\`ready\` and its frame, as above), then until the frame after the first \`page\` event (the document has \`data-layout="pages"\`); docx-preview: \`renderAsync\` until on screen. Median and range of ${RUNS} fresh pages. Longest block: the longest long task from \`new Editor\` to the pages. Heap: V8 heap in use after a full GC once the pages are shown.\n`);
  const rows: string[][] = [];
  for (const [fixture, { byEngine }] of results) {
    const baseline = opens(byEngine.get(DOCX_PREVIEW));
    const baselineMs = median(baseline.map((open) => open.ms));
    const baselineHeap = median(baseline.map((open) => open.heapBytes));
    for (const [engine, runs] of byEngine) {
      const samples = opens(runs);
      const paged = engine.layout === 'pages';
      const shown = samples.map((open) => (paged ? open.pagesMs : open.ms));
      const heap = median(samples.map((open) => open.heapBytes));
      rows.push([
        fixture.name, engine.name, String(median(samples.map((open) => open.pageCount))),
        paged ? formatMs(median(samples.map((open) => open.firstPageMs))) : formatMs(median(samples.map((open) => open.ms))),
        formatRatio(baselineMs, median(samples.map((open) => (paged ? open.firstPageMs : open.ms)))),
        formatMs(median(samples.map((open) => open.ms))),
        paged ? formatMs(median(shown)) : '—', range(shown), formatRatio(baselineMs, median(shown)),
        paged ? formatMs(median(samples.map((open) => open.longestMs))) : '—',
        mb(heap), `${(heap / baselineHeap).toFixed(2)}x`, String(median(samples.map((open) => open.elements))),
      ]);
    }
  }
  printTable(['document', 'engine', 'pages', 'first page on screen', 'docx-preview time ÷ first page', 'on screen', 'pages on screen', 'range', 'docx-preview time ÷ this', 'longest block', 'JS heap', 'heap ÷ docx-preview', 'DOM elements'], rows);
}

function printKeystrokeTable(results: PagedResults): void {
  console.log(`\nPages layout, keystrokes: keydown to the end of the next frame, as above; ${TYPING.count} keys after ${TYPING.warmUp} unmeasured at each place on each of ${RUNS} fresh pages, the pages laid out again between places. page-end: two characters before the end of the middle page's last line, so the typed text pushes that line onto the next page (docx-preview, without pages: the middle text node).\n`);
  const rows: string[][] = [];
  for (const [fixture, { byEngine }] of results) {
    for (const place of PLACES) {
      const baselineP95 = quantile(keysAt(byEngine.get(DOCX_PREVIEW), place), 0.95);
      for (const [engine, runs] of byEngine) {
        const painted = keysAt(runs, place);
        const handled = (runs ?? []).flatMap((run) => run.keys.get(place) ?? []).map((sample) => sample.handled);
        rows.push([
          fixture.name, place, engine.name, formatMs(median(painted)), formatMs(quantile(painted, 0.95)), formatMs(Math.max(...painted)),
          formatMs(quantile(handled, 0.95)), `${(quantile(painted, 0.95) / baselineP95).toFixed(2)}x`,
        ]);
      }
    }
  }
  printTable(['document', 'place', 'engine', 'median', 'p95', 'max', 'script p95', 'p95 ÷ docx-preview'], rows);
}

function printRelayoutTable(results: PagedResults): void {
  console.log(`\nPages layout, after typing: once typing stops the editor lays the pages out again (after each place's keys: ${PLACES.length} per page); the longest long task from the last keydown until the main thread is quiet (nearest-rank median, p95, max), and when the last of them ended ("—": no task over 50 ms). Keys pressed ${PRESS_DELAYS_MS.join(' and ')} ms after another, while that relayout may run: keydown to the next frame, and how many of them the main thread only took after a long task. Then keys typed at the start from the moment the document is on screen, while its pages are first laid out (a page of its own per run), until one comes during a long task or ${FIRST_LAYOUT_MAX_KEYS} were typed: the slowest of them per run, and when the pages were on screen after the typing. Ratios: docx-preview's keystroke p95 at the end of the same document ÷ this. Last column: runs whose page-end keys took the caret onto the next page once laid out again (page turns before it in the DOM), and in how many the \`page\` event said so.\n`);
  const rows: string[][] = [];
  const orNone = (ms: number) => (ms > 0 ? formatMs(ms) : '—');
  for (const [fixture, { byEngine, firstLayout }] of results) {
    const runs = byEngine.get(QUIRE_PAGES) ?? [];
    const baselineP95 = quantile(keysAt(byEngine.get(DOCX_PREVIEW), 'end'), 0.95);
    const relayouts = runs.flatMap((run) => run.relayouts);
    const longest = relayouts.map((relayout) => relayout.longestMs);
    const waits = runs.flatMap((run) => run.duringLayout).map((press) => press.sample.painted);
    const inTask = (presses: readonly { duringLongTask: boolean }[]) => `${presses.filter((press) => press.duringLongTask).length} of ${presses.length}`;
    // Per page, the key that waited longest: the one that came during the layout.
    const firstWaits = firstLayout.map((typing) => Math.max(...typing.samples.map((sample) => sample.painted)));
    rows.push([
      fixture.name, orNone(quantile(longest, 0.5)), orNone(quantile(longest, 0.95)), orNone(Math.max(...longest)),
      orNone(quantile(relayouts.map((relayout) => relayout.busyUntilMs), 0.5)),
      quantile(longest, 0.95) > 0 ? `${(baselineP95 / quantile(longest, 0.95)).toFixed(2)}x` : '—',
      formatMs(median(waits)), formatMs(Math.max(...waits)), inTask(runs.flatMap((run) => run.duringLayout)),
      formatMs(median(firstWaits)), formatMs(Math.max(...firstWaits)),
      `${firstLayout.filter((typing) => typing.inLongTask > 0).length} of ${firstLayout.length} (${firstLayout.map((typing) => typing.samples.length).join(', ')} keys)`,
      `${(baselineP95 / median(firstWaits)).toFixed(2)}x`, formatMs(median(firstLayout.map((typing) => typing.pagesMs))),
      `${runs.filter((run) => run.pushed).length} of ${runs.length} (page event: ${runs.filter((run) => run.pageEventFollowed).length})`,
    ]);
  }
  printTable([
    'document', 'longest block', 'p95', 'max', 'busy until', 'docx-preview key p95 ÷ block p95', 'key during relayout', 'max', 'in a long task',
    'slowest key while first laid out', 'max', 'runs with a key in a long task', 'docx-preview key p95 ÷ this', 'pages on screen after it', 'page-end line pushed onto the next page',
  ], rows);
}

// The target for printing 300 pages; the 600-page document gets twice as long.
const PRINT_TARGET_MS_PER_PAGE = 3_000 / 300;

function printPrintTable(results: PagedResults): void {
  console.log(`\nPages layout, printing: \`editor.print()\` once the pages are on screen and typed into, until the browser's print dialog would open (every page painted from the layout with its fonts and pictures ready; the dialog is stood in for and closed at once). Median and range of ${RUNS} fresh pages. Ratio: docx-preview's time to show the document ÷ this.\n`);
  const rows: string[][] = [];
  for (const [fixture, { byEngine }] of results) {
    const runs = byEngine.get(QUIRE_PAGES) ?? [];
    const times = runs.map((run) => run.printMs);
    const pages = median(runs.map((run) => run.open.pageCount));
    const target = PRINT_TARGET_MS_PER_PAGE * pages;
    const baseline = median(opens(byEngine.get(DOCX_PREVIEW)).map((open) => open.ms));
    rows.push([fixture.name, String(pages), formatMs(median(times)), range(times), formatRatio(baseline, median(times)), `< ${formatMs(target)}`, median(times) < target ? 'met' : 'missed']);
  }
  printTable(['document', 'pages', 'print ready', 'range', 'docx-preview open ÷ this', 'target', 'status'], rows);
}
