import { DEFAULT_MAX_CONVERT_INPUT_BYTES } from '@quire/convert';
import { ServerOptionsError } from '../config/server-options-error.js';

/** Limits of `POST /v1/convert`. */
export interface ConvertLimits {
  /** Largest accepted file in bytes (413 above); default 25 MiB. */
  maxUploadBytes: number;
  /** Conversions one API key may have in flight (429 beyond); default 10. */
  maxConcurrentPerKey: number;
  /** Conversions handed to the engines at once; default 8. */
  maxConcurrent: number;
  /** Requests that may wait (uploading, or for one of `maxConcurrent`) before 503; default 16. */
  maxQueued: number;
  /**
   * Longest a request may wait, once uploaded, for its conversion to start (for one of `maxConcurrent`,
   * then in the engine's queue), in milliseconds; past it 503 `CONVERT_BUSY` with Retry-After, the
   * conversion never started; default 30 000.
   */
  maxQueueWaitMs: number;
  /** Time limit of one conversion's work in milliseconds, from when the engine starts it, not counting any wait (504 past it); default 60 000. */
  timeoutMs: number;
  /** `Retry-After` of the 429 and 503 answers, in seconds; default 2. */
  retryAfterSeconds: number;
}

/** The limits in force unless `createServer` is given others. */
export const DEFAULT_CONVERT_LIMITS: ConvertLimits = {
  maxUploadBytes: DEFAULT_MAX_CONVERT_INPUT_BYTES,
  maxConcurrentPerKey: 10,
  maxConcurrent: 8,
  maxQueued: 16,
  maxQueueWaitMs: 30_000,
  timeoutMs: 60_000,
  retryAfterSeconds: 2,
};

/**
 * Returns complete limits: the given ones over {@link DEFAULT_CONVERT_LIMITS}. Throws a
 * `ServerOptionsError` naming the limit when one is not a positive integer (`maxQueued` may be 0).
 */
export function normalizeConvertLimits(limits: Partial<ConvertLimits> = {}): ConvertLimits {
  const merged = { ...DEFAULT_CONVERT_LIMITS, ...limits };
  for (const name of Object.keys(DEFAULT_CONVERT_LIMITS) as (keyof ConvertLimits)[]) {
    const value = merged[name];
    const min = name === 'maxQueued' ? 0 : 1;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      throw new ServerOptionsError(`convertLimits.${name}`, `expected a whole number of at least ${min}, got ${String(value)}`);
    }
  }
  return merged;
}
