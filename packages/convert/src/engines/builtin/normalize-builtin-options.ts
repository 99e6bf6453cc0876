import { availableParallelism } from 'node:os';
import { QuireOptionsError } from 'quire/telemetry';
import { MAX_TIMER_MS, readIntegerOption, readOptionalIntegerOption } from '../read-integer-option.js';

/** Options of `createBuiltinEngine`. Every one has a default. */
export interface BuiltinEngineOptions {
  /** Number of worker threads; default the smaller of 2 and the number of CPUs. */
  poolSize?: number;
  /** Conversions waiting for a free worker beyond this many get `CONVERT_BUSY`; default 64. */
  maxQueueLength?: number;
  /** Default longest wait of a conversion for a free worker, in milliseconds; past it `CONVERT_BUSY` (never started); default no limit. */
  maxQueueWaitMs?: number;
  /** Default time limit of one conversion in milliseconds, from when a worker takes it (not counting the wait in the queue); default 60 000. */
  timeoutMs?: number;
  /** Heap limit of each worker in MiB; default 512. */
  maxHeapMb?: number;
  /** A worker idle this long (milliseconds) is stopped to return its memory and restarted on demand; default 60 000. */
  idleTimeoutMs?: number;
  /** The worker script, for bundlers that move it; default the one shipped beside the engine. */
  workerUrl?: URL | string;
}

/** {@link BuiltinEngineOptions} with every default filled in. */
export interface NormalizedBuiltinOptions {
  poolSize: number;
  maxQueueLength: number;
  maxQueueWaitMs: number | undefined;
  timeoutMs: number;
  maxHeapMb: number;
  idleTimeoutMs: number;
  workerUrl: URL | undefined;
}

/**
 * Returns the options with defaults filled in. Throws a `QuireOptionsError` naming the option
 * when a value has the wrong type or range.
 */
export function normalizeBuiltinOptions(options: BuiltinEngineOptions = {}): NormalizedBuiltinOptions {
  if (typeof options !== 'object' || options === null) throw new QuireOptionsError('builtin', 'must be an object.');
  return {
    poolSize: readIntegerOption(options.poolSize, 'builtin.poolSize', Math.min(2, availableParallelism()), 1, 64),
    maxQueueLength: readIntegerOption(options.maxQueueLength, 'builtin.maxQueueLength', 64, 0, 1_000_000),
    maxQueueWaitMs: readOptionalIntegerOption(options.maxQueueWaitMs, 'builtin.maxQueueWaitMs', 1, MAX_TIMER_MS),
    timeoutMs: readIntegerOption(options.timeoutMs, 'builtin.timeoutMs', 60_000, 1, 3_600_000),
    maxHeapMb: readIntegerOption(options.maxHeapMb, 'builtin.maxHeapMb', 512, 32, 65_536),
    idleTimeoutMs: readIntegerOption(options.idleTimeoutMs, 'builtin.idleTimeoutMs', 60_000, 1, MAX_TIMER_MS),
    workerUrl: readUrl(options.workerUrl),
  };
}

function readUrl(value: unknown): URL | undefined {
  if (value === undefined) return undefined;
  const url = value instanceof URL ? value : typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol === 'file:') return url;
  throw new QuireOptionsError('builtin.workerUrl', 'must be a file: URL.');
}
