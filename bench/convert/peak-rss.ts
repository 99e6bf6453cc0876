import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fixturePath, type ConvertCase } from './cases.js';
import { PANDOC_ENV, pandocDocxArgs } from './pandoc.js';

const execFileAsync = promisify(execFile);
const CHILD = new URL('./peak-rss-child.mjs', import.meta.url).pathname;
const GNU_TIME = '/usr/bin/time';

/**
 * Returns the peak RSS in MB of a fresh Node process that runs `rounds` batches of `parallel`
 * conversions of `testCase` with the built package's engine, counting its worker threads and the
 * processes it starts (LibreOffice). Rejects when a conversion fails.
 */
export async function measureEnginePeakRss(engine: 'builtin' | 'libreoffice', testCase: ConvertCase, parallel: number, rounds: number): Promise<number> {
  const args = [CHILD, engine, fixturePath(testCase.path), testCase.from, testCase.to, String(parallel), String(rounds)];
  const { stdout } = await execFileAsync(process.execPath, args, { timeout: 300_000 });
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { peakMb?: unknown };
  if (typeof result.peakMb !== 'number') throw new Error(`the peak RSS child printed no result: ${stdout}`);
  return result.peakMb;
}

/** Returns true when GNU time, which {@link measurePandocPeakRss} needs, is installed. */
export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

/**
 * Returns the peak RSS in MB of pandoc converting `testCase` to DOCX: GNU time's maximum resident
 * set size of one run, or the sum over `parallel` simultaneous runs (at least their joint peak).
 */
export async function measurePandocPeakRss(pandoc: string, testCase: ConvertCase, parallel: number): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'quire-bench-pandoc-'));
  try {
    const input = fixturePath(testCase.path);
    const peaks = await Promise.all(
      Array.from({ length: parallel }, async (_, i) => {
        const report = join(work, `${i}.txt`);
        await execFileAsync(GNU_TIME, ['-f', '%M', '-o', report, pandoc, ...pandocDocxArgs(testCase.from, join(work, `${i}.docx`)), input], {
          timeout: 120_000,
          env: PANDOC_ENV,
        });
        return (Number((await readFile(report, 'utf8')).trim().split('\n').pop()) * 1024) / 1e6;
      }),
    );
    return Math.round(peaks.reduce((sum, peak) => sum + peak, 0));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
