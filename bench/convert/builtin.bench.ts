// The built-in engine against LibreOffice (its persistent pool, the fastest way to run it) on the
// same fixtures in the same run: per-document median time, and the process's peak RSS while the
// built-in engine runs 4 conversions in parallel.
import { readFile } from 'node:fs/promises';
import type { ConversionEngine, InputFormat, OutputFormat } from '../../src/convert/engine.js';
import { createBuiltinEngine } from '../../src/convert/engines/builtin/builtin-engine.js';
import { findSoffice } from '../../src/convert/engines/libreoffice/find-office.js';
import { createLibreOfficeEngine } from '../../src/convert/engines/libreoffice/libreoffice-engine.js';
import { measure } from '../support/measure.js';
import { formatMs, formatRatio, printTable } from '../support/table.js';

interface Case {
  path: string;
  from: InputFormat;
  to: OutputFormat;
}

const CASES: readonly Case[] = [
  { path: 'docx/pandoc-headers.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/docxjs-numbering.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/pandoc-tables.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/superdoc-40-pages.docx', from: 'docx', to: 'pdf' },
  { path: 'markdown/pandoc-pipe-tables.md', from: 'md', to: 'docx' },
  { path: 'markdown/docxjs-README.md', from: 'md', to: 'docx' },
  { path: 'html/pandoc-html-reader.html', from: 'html', to: 'docx' },
];

const fixture = (path: string) => readFile(new URL(`../../test/fixtures/${path}`, import.meta.url));

/** Samples the process RSS every 10 ms while `task` runs; resolves to the peak in MB. */
async function peakRssDuring(task: () => Promise<unknown>): Promise<number> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    await task();
  } finally {
    clearInterval(sampler);
  }
  return Math.round(peak / 1e6);
}

/** Prints the per-document table and the parallel memory figure. */
export async function run(): Promise<void> {
  if (!findSoffice()) throw new Error('LibreOffice (soffice) is the baseline of this benchmark; install libreoffice-writer-nogui and python3-uno.');
  const builtin = createBuiltinEngine();
  const libreoffice: ConversionEngine = createLibreOfficeEngine();
  try {
    const rows: string[][] = [];
    const builtinMedians: number[] = [];
    for (const { path, from, to } of CASES) {
      const input = new Uint8Array(await fixture(path));
      const times = await measure({
        builtin: () => builtin.convert(input, { from, to }),
        libreoffice: () => libreoffice.convert(input, { from, to }),
      }, { timeMs: 1_500, iterations: 5 });
      const ours = times.builtin?.medianMs ?? Number.NaN;
      const theirs = times.libreoffice?.medianMs ?? Number.NaN;
      if (to === 'pdf') builtinMedians.push(ours);
      rows.push([path, `${from} → ${to}`, formatMs(ours), formatMs(theirs), formatRatio(theirs, ours)]);
    }
    printTable(['fixture', 'pair', 'built-in median', 'LibreOffice (pool) median', 'built-in faster by'], rows);

    const heavy = new Uint8Array(await fixture('docx/superdoc-40-pages.docx'));
    const peakMb = await peakRssDuring(() => Promise.all(Array.from({ length: 4 }, () => builtin.convert(heavy, { from: 'docx', to: 'pdf' }))));
    const sorted = [...builtinMedians].sort((a, b) => a - b);
    const docxToPdfMedian = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    printTable(['figure', 'value', 'target'], [
      ['built-in DOCX → PDF, median of the fixture medians', formatMs(docxToPdfMedian), `< 150 ms (${docxToPdfMedian < 150 ? 'met' : 'MISSED'})`],
      ['peak RSS, 4 × superdoc-40-pages DOCX → PDF in parallel (whole process)', `${peakMb} MB`, `< 300 MB (${peakMb < 300 ? 'met' : 'MISSED'})`],
    ]);
  } finally {
    await builtin.close();
    await libreoffice.close();
  }
}
