import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { isConversionError, convert, type EngineRegistry, type EngineName, type Env, type ReviewMarkup, selectEngine } from '@quire/convert';
import type { ConversionJob } from './plan-conversions.js';

/** How one file went: written (with the engine and any warnings) or failed (with a code when the conversion said one). */
export type ConversionOutcome =
  | { ok: true; job: ConversionJob; engine: EngineName; warnings: string[] }
  | { ok: false; job: ConversionJob; code: string | undefined; message: string };

/** Options of {@link runConversions}. */
export interface RunConversionsOptions {
  engines: EngineRegistry;
  /** How many conversions each engine runs at once (its pool size); missing engines run one at a time. */
  capacities: Partial<Record<EngineName, number>>;
  /** `--engine`; absent means `QUIRE_ENGINE`, else automatic, as on the server. */
  requested?: EngineName | 'auto';
  /** Environment holding `QUIRE_ENGINE`. */
  env: Env;
  /** BCP 47 locale choosing the default paper of PDF pages (see `ConvertOptions.locale`). */
  locale?: string;
  /** How a DOCX's tracked changes and comments are printed in a PDF (see `ConvertOptions.markup`). */
  markup?: ReviewMarkup;
  /** Stops starting conversions and cancels those running; their files are neither reported nor written. */
  signal: AbortSignal;
  /** Called when a file's conversion starts. */
  onStart(job: ConversionJob): void;
  /** Called once per file that finished, written or failed. */
  onFinish(outcome: ConversionOutcome): void;
}

/**
 * Converts every job, each engine running as many at once as its capacity, and resolves to the
 * outcomes in the order the files finished. One file's failure never stops the others; an output
 * appears only complete (written beside it, then renamed). Never rejects for a file's failure.
 */
export async function runConversions(jobs: readonly ConversionJob[], options: RunConversionsOptions): Promise<ConversionOutcome[]> {
  const outcomes: ConversionOutcome[] = [];
  const finish = (outcome: ConversionOutcome): void => {
    outcomes.push(outcome);
    options.onFinish(outcome);
  };
  const queues = new Map<EngineName, QueuedJob[]>();
  for (const job of jobs) {
    const selection = selectEngine({
      from: job.from,
      to: job.to,
      env: options.env,
      available: options.engines.engines,
      ...(options.requested ? { requested: options.requested } : {}),
      ...(options.markup ? { markup: options.markup } : {}),
    });
    if (!selection.ok) {
      finish({ ok: false, job, code: selection.error.code, message: selection.error.message });
      continue;
    }
    const queue = queues.get(selection.engine) ?? [];
    queue.push({ job, warnings: selection.warnings });
    queues.set(selection.engine, queue);
  }
  const lanes = [...queues].flatMap(([engine, queue]) => {
    const width = Math.max(1, Math.min(options.capacities[engine] ?? 1, queue.length));
    return Array.from({ length: width }, () => drain(engine, queue));
  });
  async function drain(engine: EngineName, queue: QueuedJob[]): Promise<void> {
    for (let next = queue.shift(); next !== undefined && !options.signal.aborted; next = queue.shift()) {
      options.onStart(next.job);
      const outcome = await convertFile(next, engine, options);
      if (outcome) finish(outcome);
    }
  }
  await Promise.all(lanes);
  return outcomes;
}

// A job with the warnings of its engine's selection (Gotenberg's DOCX output run locally).
interface QueuedJob {
  job: ConversionJob;
  warnings: string[];
}

// Resolves to undefined when the run was interrupted during this file.
async function convertFile({ job, warnings }: QueuedJob, engine: EngineName, options: RunConversionsOptions): Promise<ConversionOutcome | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(job.input);
  } catch (error) {
    return { ok: false, job, code: undefined, message: `cannot read it: ${describeFileError(error)}` };
  }
  try {
    const result = await convert(bytes, { from: job.from, to: job.to, engine, fileName: basename(job.input), env: options.env, signal: options.signal, ...(options.locale === undefined ? {} : { locale: options.locale }), ...(options.markup === undefined ? {} : { markup: options.markup }) }, options.engines);
    if (options.signal.aborted) return undefined;
    await writeAtomically(job.output, result.bytes);
    return { ok: true, job, engine: result.engine, warnings: [...warnings, ...result.warnings] };
  } catch (error) {
    if (options.signal.aborted) return undefined;
    if (isConversionError(error)) return { ok: false, job, code: error.code, message: error.message };
    if (isFileError(error)) return { ok: false, job, code: undefined, message: `cannot write ${job.output}: ${describeFileError(error)}` };
    throw error;
  }
}

async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function describeFileError(error: unknown): string {
  if (!isFileError(error)) throw error;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'it is a directory',
    ENOTDIR: 'a parent is not a directory',
    EPERM: 'operation not permitted',
  };
  return reasons[error.code ?? ''] ?? error.message;
}
