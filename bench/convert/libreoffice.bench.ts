// Per-document time of the persistent LibreOffice pool against a cold `soffice --convert-to` per
// document (the usual way to script LibreOffice), on the same fixtures, measured in the same run.
// The cold runs reuse one already-initialised profile, so they pay process start, not profile creation.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { InputFormat } from '../../src/convert/engine.js';
import { findSoffice } from '../../src/convert/engines/libreoffice/find-office.js';
import { createLibreOfficeEngine } from '../../src/convert/engines/libreoffice/libreoffice-engine.js';
import { formatMs, formatRatio, printTable } from '../support/table.js';

const execFileAsync = promisify(execFile);

const FIXTURES: ReadonlyArray<{ path: string; from: InputFormat }> = [
  { path: 'docx/pandoc-headers.docx', from: 'docx' },
  { path: 'docx/docxjs-numbering.docx', from: 'docx' },
  { path: 'docx/pandoc-unicode.docx', from: 'docx' },
  { path: 'docx/python-docx-comments-rich-para.docx', from: 'docx' },
  { path: 'docx/pandoc-table_captions_with_field.docx', from: 'docx' },
  { path: 'html/pandoc-html-reader.html', from: 'html' },
];
const WARM_ITERATIONS = 10;
const COLD_ITERATIONS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function time(task: () => Promise<unknown>, iterations: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** Prints, per fixture, the median DOCX/HTML → PDF time of the pool and of a cold soffice, and their ratio. */
export async function run(): Promise<void> {
  const soffice = findSoffice();
  if (!soffice) throw new Error('LibreOffice (soffice) is required by this benchmark; install libreoffice-writer-nogui and python3-uno.');
  const work = await mkdtemp(join(tmpdir(), 'quire-bench-lo-'));
  const engine = createLibreOfficeEngine();
  try {
    const profile = pathToFileURL(join(work, 'profile')).href;
    const cold = async (inputPath: string) => {
      const outDir = join(work, 'out');
      await execFileAsync(soffice, [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', outDir, inputPath], {
        timeout: 120_000,
      });
      const output = await readFile(join(outDir, basename(inputPath).replace(/\.[^.]+$/, '.pdf')));
      if (output.length === 0) throw new Error(`soffice did not convert ${inputPath}`);
    };

    const rows: string[][] = [];
    const warmTimes: number[] = [];
    const coldTimes: number[] = [];
    for (const { path, from } of FIXTURES) {
      const bytes = new Uint8Array(await readFile(new URL(`../../test/fixtures/${path}`, import.meta.url)));
      const inputDir = join(work, 'in', basename(path));
      await mkdir(inputDir, { recursive: true });
      const inputPath = join(inputDir, basename(path));
      await writeFile(inputPath, bytes);
      // First calls start the pool's process and create the cold runs' profile; not measured.
      await engine.convert(bytes, { from, to: 'pdf' });
      if (coldTimes.length === 0) await cold(inputPath);
      const warm = await time(() => engine.convert(bytes, { from, to: 'pdf' }), WARM_ITERATIONS);
      const coldMs = await time(() => cold(inputPath), COLD_ITERATIONS);
      warmTimes.push(warm);
      coldTimes.push(coldMs);
      rows.push([basename(path), `${(bytes.length / 1024).toFixed(0)} KB`, formatMs(warm), formatMs(coldMs), formatRatio(coldMs, warm)]);
    }
    rows.push(['median of the medians', '', formatMs(median(warmTimes)), formatMs(median(coldTimes)), formatRatio(median(coldTimes), median(warmTimes))]);
    console.log(`LibreOffice to PDF: persistent pool (1 process, ${WARM_ITERATIONS} runs each) vs cold soffice --convert-to (${COLD_ITERATIONS} runs each)\n`);
    printTable(['document', 'size', 'pool (median)', 'cold soffice (median)', 'pool speed-up'], rows);
  } finally {
    await engine.close();
    await rm(work, { recursive: true, force: true });
  }
}
