// `npm run bench convert`: the built-in engine against LibreOffice (its persistent pool, the fastest
// way to run it) and pandoc (Markdown/HTML → DOCX only) on the same fixtures in the same run:
// per-document median time and peak RSS, memory with 4 conversions in parallel, and the targets.
// Engines come from the built package (dist/, which `npm run bench` builds first), as users run them.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ConversionEngine, OutputFormat } from '../../packages/convert/src/engine.js';
import { formatMs, formatRatio, printTable } from '../support/table.js';
import { fixturePath, listTimedCases, MEMORY_CASES, PARALLEL_CASES, type ConvertCase } from './cases.js';
import { findExecutable, PANDOC_ENV, pandocDocxArgs, runWithInput } from './pandoc.js';
import { hasGnuTime, measureEnginePeakRss, measurePandocPeakRss } from './peak-rss.js';
import { median, timeMedian } from './time-median.js';

type ConvertModule = typeof import('../../packages/convert/src/index.js');

const BUILTIN_RUNS = { minIterations: 5, minTimeMs: 500, maxIterations: 100 };
const BASELINE_RUNS = { minIterations: 3, minTimeMs: 300, maxIterations: 10 };
const TARGETS = { docxToPdfMs: 150, mdToDocxMs: 50, parallelPeakMb: 300 };
const PARALLEL = 4;

interface Tools {
  soffice: string | undefined;
  pandoc: string | undefined;
  gnuTime: boolean;
}

/** Prints the time, memory and target tables; says which baseline is absent and prints the rest. */
export async function run(): Promise<void> {
  const convert = await loadBuiltPackage();
  const tools: Tools = { soffice: convert.findSoffice() ?? undefined, pandoc: findExecutable('pandoc'), gnuTime: hasGnuTime() };
  if (!tools.soffice) console.log('LibreOffice (soffice) not found: its columns say "absent" (Debian: libreoffice-writer-nogui python3-uno).');
  if (!tools.pandoc) console.log('pandoc not found: its columns say "absent" (Debian: pandoc).');
  else if (!tools.gnuTime) console.log("GNU time (/usr/bin/time) not found: pandoc's memory says \"absent\" (Debian: time).");

  const times = await timeCases(convert, tools);
  const pairMedians = printTimeTable(times);
  await measurePerDocumentPeaks(tools);
  const parallelPeaks = await measureParallelPeaks(tools);
  printTargets(pairMedians, parallelPeaks);
}

async function loadBuiltPackage(): Promise<ConvertModule> {
  const url = new URL('../../packages/convert/dist/esm/index.js', import.meta.url);
  if (!existsSync(url)) throw new Error('dist/ is missing: run `npm run build` first (`npm run bench` does).');
  return (await import(url.href)) as ConvertModule;
}

interface CaseTimes {
  testCase: ConvertCase;
  bytes: number;
  builtin: number;
  libreoffice: number | undefined;
  pandoc: number | undefined;
}

async function timeCases(convert: ConvertModule, tools: Tools): Promise<CaseTimes[]> {
  const builtin = convert.createBuiltinEngine();
  const libreoffice: ConversionEngine | undefined = tools.soffice ? convert.createLibreOfficeEngine() : undefined;
  try {
    const results: CaseTimes[] = [];
    for (const testCase of listTimedCases()) {
      const { from, to } = testCase;
      const input = new Uint8Array(await readFile(fixturePath(testCase.path)));
      const pandoc = tools.pandoc && to === 'docx' ? tools.pandoc : undefined;
      results.push({
        testCase,
        bytes: input.length,
        builtin: await timeMedian(() => builtin.convert(input, { from, to }), BUILTIN_RUNS),
        libreoffice: libreoffice ? await timeMedian(() => libreoffice.convert(input, { from, to }), BASELINE_RUNS) : undefined,
        pandoc: pandoc ? await timeMedian(() => runWithInput(pandoc, pandocDocxArgs(from), input, PANDOC_ENV), BASELINE_RUNS) : undefined,
      });
    }
    return results;
  } finally {
    await builtin.close();
    await libreoffice?.close();
  }
}

const pairOf = ({ from, to }: ConvertCase) => `${from} → ${to}`;

// Prints one row per document and a median row per pair of several; returns the built-in medians by pair.
function printTimeTable(times: readonly CaseTimes[]): Map<string, number> {
  console.log(`\nTime per document: median wall time, one conversion at a time (built-in: ${BUILTIN_RUNS.minIterations}+ runs, baselines: ${BASELINE_RUNS.minIterations}+).`);
  console.log('Ratios are baseline ÷ built-in: above 1x the built-in engine is faster. pandoc: --no-highlight, one process per document,');
  console.log('remote images not downloaded (like the built-in engine).\n');
  const rows: string[][] = [];
  const pairMedians = new Map<string, number>();
  for (const pair of new Set(times.map(({ testCase }) => pairOf(testCase)))) {
    const group = times.filter(({ testCase }) => pairOf(testCase) === pair);
    for (const { testCase, bytes, builtin, libreoffice, pandoc } of group) {
      rows.push([basename(testCase.path), pair, `${Math.ceil(bytes / 1024)} KB`, formatMs(builtin), ...baselineCells(builtin, libreoffice, formatMs), ...pandocCells(testCase.to, builtin, pandoc, formatMs)]);
    }
    const builtinMedian = median(group.map((entry) => entry.builtin));
    pairMedians.set(pair, builtinMedian);
    if (group.length === 1) continue;
    const libreofficeMedian = medianOfAll(group.map((entry) => entry.libreoffice));
    const pandocMedian = medianOfAll(group.map((entry) => entry.pandoc));
    const { to } = group[0]!.testCase;
    rows.push([`median (${group.length} documents)`, pair, '', formatMs(builtinMedian), ...baselineCells(builtinMedian, libreofficeMedian, formatMs), ...pandocCells(to, builtinMedian, pandocMedian, formatMs)]);
  }
  printTable(['document', 'pair', 'size', 'built-in', 'LibreOffice pool', 'ratio', 'pandoc', 'ratio'], rows);
  return pairMedians;
}

// The median when every value was measured, else undefined (the tool is absent).
function medianOfAll(values: readonly (number | undefined)[]): number | undefined {
  const measured = values.filter((value) => value !== undefined);
  return measured.length === values.length ? median(measured) : undefined;
}

// A baseline's value and its ratio to the built-in one, or "absent" when the tool is not installed.
function baselineCells(ours: number, theirs: number | undefined, format: (value: number) => string): [string, string] {
  return theirs === undefined ? ['absent', ''] : [format(theirs), formatRatio(theirs, ours)];
}

// pandoc is a baseline for DOCX output only: it writes PDF through LaTeX, another program.
function pandocCells(to: OutputFormat, ours: number, theirs: number | undefined, format: (value: number) => string): [string, string] {
  return to === 'docx' ? baselineCells(ours, theirs, format) : ['n/a', ''];
}

const formatMb = (mb: number) => `${Math.round(mb)} MB`;

async function measurePerDocumentPeaks(tools: Tools): Promise<void> {
  console.log('\nPeak RSS per document: a fresh process converting it 3 times, one at a time; Node processes count their worker threads and');
  console.log('the processes they start (the LibreOffice pool), pandoc is its own process (GNU time). Ratio = baseline ÷ built-in.\n');
  const rows: string[][] = [];
  for (const testCase of MEMORY_CASES) {
    const builtin = await measureEnginePeakRss('builtin', testCase, 1, 3);
    const libreoffice = tools.soffice ? await measureEnginePeakRss('libreoffice', testCase, 1, 3) : undefined;
    const pandoc = tools.pandoc && tools.gnuTime && testCase.to === 'docx' ? await measurePandocPeakRss(tools.pandoc, testCase, 1) : undefined;
    rows.push([basename(testCase.path), pairOf(testCase), formatMb(builtin), ...baselineCells(builtin, libreoffice, formatMb), ...pandocCells(testCase.to, builtin, pandoc, formatMb)]);
  }
  printTable(['document', 'pair', 'built-in', 'LibreOffice pool', 'ratio', 'pandoc', 'ratio'], rows);
}

async function measureParallelPeaks(tools: Tools): Promise<Map<string, number>> {
  console.log(`\nPeak RSS with ${PARALLEL} conversions in parallel (3 batches; default pools: built-in min(2, CPUs) workers, LibreOffice 1 process;`);
  console.log(`pandoc: the sum of ${PARALLEL} processes' peaks). Ratio = baseline ÷ built-in.\n`);
  const rows: string[][] = [];
  const peaks = new Map<string, number>();
  for (const testCase of PARALLEL_CASES) {
    const builtin = await measureEnginePeakRss('builtin', testCase, PARALLEL, 3);
    const libreoffice = tools.soffice ? await measureEnginePeakRss('libreoffice', testCase, PARALLEL, 3) : undefined;
    const pandoc = tools.pandoc && tools.gnuTime && testCase.to === 'docx' ? await measurePandocPeakRss(tools.pandoc, testCase, PARALLEL) : undefined;
    peaks.set(pairOf(testCase), builtin);
    rows.push([`${PARALLEL} × ${basename(testCase.path)}`, pairOf(testCase), formatMb(builtin), ...baselineCells(builtin, libreoffice, formatMb), ...pandocCells(testCase.to, builtin, pandoc, formatMb)]);
  }
  printTable(['documents', 'pair', 'built-in', 'LibreOffice pool', 'ratio', 'pandoc', 'ratio'], rows);
  return peaks;
}

function printTargets(pairMedians: ReadonlyMap<string, number>, parallelPeaks: ReadonlyMap<string, number>): void {
  console.log('\nTargets of the built-in engine on this machine.\n');
  const row = (figure: string, value: number | undefined, limit: number, format: (value: number) => string, unit: string) => [
    figure,
    value === undefined ? 'not measured' : format(value),
    `< ${limit} ${unit}`,
    value === undefined ? '' : value < limit ? 'met' : 'MISSED',
  ];
  printTable(['figure', 'measured', 'target', 'status'], [
    row('DOCX → PDF, median of the per-document medians', pairMedians.get('docx → pdf'), TARGETS.docxToPdfMs, formatMs, 'ms'),
    row('Markdown → DOCX, median of the per-document medians', pairMedians.get('md → docx'), TARGETS.mdToDocxMs, formatMs, 'ms'),
    ...PARALLEL_CASES.map((testCase) =>
      row(`peak RSS, ${PARALLEL} × ${basename(testCase.path)} ${pairOf(testCase)} in parallel`, parallelPeaks.get(pairOf(testCase)), TARGETS.parallelPeakMb, formatMb, 'MB'),
    ),
  ]);
}
