import { availableParallelism } from 'node:os';
import { QuireOptionsError } from 'quire/telemetry';

/** Options of `createBuiltinEngine`. Every one has a default. */
export interface BuiltinEngineOptions {
  /** Number of worker threads; default the smaller of 2 and the number of CPUs. */
  poolSize?: number;
  /** Conversions waiting for a free worker beyond this many get `CONVERT_BUSY`; default 64. */
  maxQueueLength?: number;
  /** Default time limit of one conversion in milliseconds, waiting included; default 60 000. */
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
    poolSize: readInteger(options.poolSize, 'builtin.poolSize', Math.min(2, availableParallelism()), 1, 64),
    maxQueueLength: readInteger(options.maxQueueLength, 'builtin.maxQueueLength', 64, 0, 1_000_000),
    timeoutMs: readInteger(options.timeoutMs, 'builtin.timeoutMs', 60_000, 1, 3_600_000),
    maxHeapMb: readInteger(options.maxHeapMb, 'builtin.maxHeapMb', 512, 32, 65_536),
    // setTimeout's own ceiling (2^31 - 1 ms, about 24.8 days).
    idleTimeoutMs: readInteger(options.idleTimeoutMs, 'builtin.idleTimeoutMs', 60_000, 1, 2_147_483_647),
    workerUrl: readUrl(options.workerUrl),
  };
}

function readInteger(value: unknown, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new QuireOptionsError(option, `must be an integer from ${min} to ${max}.`);
  }
  return value;
}

function readUrl(value: unknown): URL | undefined {
  if (value === undefined) return undefined;
  const url = value instanceof URL ? value : typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol === 'file:') return url;
  throw new QuireOptionsError('builtin.workerUrl', 'must be a file: URL.');
}
