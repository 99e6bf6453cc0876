// The cost of review marks in the pages layout: the 300-page document with 2,000 tracked changes
// and 500 comments (bench/support/review-docx.ts) against the same document without them, in the
// same run: time until its first page, its text and its pages are on screen, and keystroke
// latency in edit and in suggest mode (issue 21's targets: open within 1.5x, p95 under 16 ms).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { repositoryRoot } from '../../test/e2e/browser-harness.js';
import { median } from '../convert/time-median.js';
import { quantile } from '../support/quantile.js';
import { reviewDocx } from '../support/review-docx.js';
import { formatMs, printTable } from '../support/table.js';
import { armKeystrokes, openFresh, QUIRE_PAGES, QUIRE_SUGGEST, settle, typeAt, type Engine, type KeystrokeSample, type OpenSample } from './engines.js';
import { readExpectedText } from './fixture-text.js';

const LONG = 'superdoc-300-pages.docx';
const RUNS = 3;
const TYPING = { count: 30, warmUp: 5 };
const TARGETS = { openRatio: 1.5, keystrokeP95Ms: 16 };

/** A document of the review table and the path the bench server serves it at. */
interface ReviewFixture {
  readonly name: string;
  readonly path: string;
}

/** What one fresh page measured: its open, and keys typed at the end of the document. */
interface ReviewRun {
  readonly open: OpenSample;
  readonly keys: readonly KeystrokeSample[];
}

// The plain document and the one with review marks written where the server serves it.
function fixtures(): { plain: ReviewFixture; reviewed: ReviewFixture } {
  const folder = `${repositoryRoot}/tmp/bench`;
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}/superdoc-300-pages-review.docx`, reviewDocx(LONG));
  return {
    plain: { name: LONG, path: `test/fixtures/docx/${LONG}` },
    reviewed: { name: `${LONG} with 2,000 changes and 500 comments`, path: 'tmp/bench/superdoc-300-pages-review.docx' },
  };
}

/** Measures and prints the review table. */
export async function runReviewMarkup(browser: Browser, origin: string): Promise<void> {
  const { plain, reviewed } = fixtures();
  // Neither document's first and last paragraphs hold review marks: the same checks find both on screen.
  const expected = readExpectedText(`${repositoryRoot}/${plain.path}`);
  const cases: [ReviewFixture, Engine][] = [[plain, QUIRE_PAGES], [reviewed, QUIRE_PAGES], [reviewed, QUIRE_SUGGEST]];
  const results = new Map<[ReviewFixture, Engine], ReviewRun[]>(cases.map((key) => [key, []]));
  // The cases take turns, so that the load of a shared machine weighs on each alike.
  for (let run = 0; run < RUNS; run++) {
    for (const key of cases) {
      const [fixture, engine] = key;
      const { page, sample } = await openFresh(browser, origin, engine, fixture.path, expected);
      try {
        await settle(page);
        await armKeystrokes(page);
        const { samples } = await typeAt(page, 'end', expected, TYPING.count, TYPING.warmUp);
        results.get(key)?.push({ open: sample, keys: samples });
      } finally {
        await page.context().close();
      }
    }
  }
  printReviewTable(results, cases[0]!);
}

const openMedian = (runs: readonly ReviewRun[], key: 'firstPageMs' | 'ms' | 'pagesMs') => median(runs.map((run) => run.open[key]));
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}x`;

function printReviewTable(results: ReadonlyMap<[ReviewFixture, Engine], ReviewRun[]>, baselineKey: [ReviewFixture, Engine]): void {
  console.log(`\nReview marks, pages layout: the 300-page document with 2,000 tracked changes and 500 comments (bench/support/review-docx.ts; simple markup, comment cards beside the pages) against the same document without them. Open: \`new Editor\` until its first page, all its text and all its pages are on screen (as in the pages table); median of ${RUNS} fresh pages; ratio: this ÷ the document without review marks (target within ${TARGETS.openRatio}x). Keys: ${TYPING.count} after ${TYPING.warmUp} unmeasured at the end of the document on each page, keydown to the end of the next frame (target p95 under ${TARGETS.keystrokeP95Ms} ms in suggest mode).\n`);
  const baseline = results.get(baselineKey) ?? [];
  const rows = [...results].map(([[fixture, engine], runs]) => {
    const painted = runs.flatMap((run) => run.keys).map((sample) => sample.painted);
    const handled = runs.flatMap((run) => run.keys).map((sample) => sample.handled);
    const opens = (['firstPageMs', 'ms', 'pagesMs'] as const).flatMap((key) => [formatMs(openMedian(runs, key)), ratio(openMedian(runs, key), openMedian(baseline, key))]);
    return [fixture.name, engine.mode ?? 'edit', String(median(runs.map((run) => run.open.pageCount))), ...opens, formatMs(median(painted)), formatMs(quantile(painted, 0.95)), formatMs(quantile(handled, 0.95))];
  });
  printTable(['document', 'mode', 'pages', 'first page', 'ratio', 'all text', 'ratio', 'all pages', 'ratio', 'key median', 'key p95', 'script p95'], rows);
  const reviewed = [...results].filter(([[fixture]]) => fixture !== baselineKey[0]);
  const worstRatio = Math.max(...reviewed.flatMap(([, runs]) => (['firstPageMs', 'ms', 'pagesMs'] as const).map((key) => openMedian(runs, key) / openMedian(baseline, key))));
  const suggest = reviewed.find(([[, engine]]) => engine.mode === 'suggest')?.[1] ?? [];
  const suggestP95 = quantile(suggest.flatMap((run) => run.keys).map((sample) => sample.painted), 0.95);
  const status = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log('\nTargets of review on this machine.\n');
  printTable(['figure', 'measured', 'target', 'status'], [
    ['open with review marks ÷ without, the worst of first page, text and pages', `${worstRatio.toFixed(2)}x`, `≤ ${TARGETS.openRatio}x`, status(worstRatio <= TARGETS.openRatio)],
    ['keystroke p95 in suggest mode', formatMs(suggestP95), `< ${TARGETS.keystrokeP95Ms} ms`, status(suggestP95 < TARGETS.keystrokeP95Ms)],
  ]);
}
