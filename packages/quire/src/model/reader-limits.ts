import type { WarningLog } from './read-result.js';

/** Bounds that keep a reader fast and its stack shallow on hostile input. */
export interface ReaderLimits {
  /** Characters read from the input; the rest is dropped with a warning. Default 10 000 000. */
  readonly maxLength: number;
  /** Containers (quotes, lists, tables) nested deeper than this are flattened. Default 100. */
  readonly maxDepth: number;
}

/** The limits used when a reader's options leave them out. */
export const DEFAULT_READER_LIMITS: ReaderLimits = { maxLength: 10_000_000, maxDepth: 100 };

/**
 * Returns complete limits from a reader's options. Throws a `TypeError` naming the option when a
 * given value is not a positive integer.
 */
export function normalizeReaderLimits(options: Partial<ReaderLimits> = {}): ReaderLimits {
  return {
    maxLength: readPositiveInteger(options.maxLength, 'maxLength', DEFAULT_READER_LIMITS.maxLength),
    maxDepth: readPositiveInteger(options.maxDepth, 'maxDepth', DEFAULT_READER_LIMITS.maxDepth),
  };
}

/** Returns the first `maxLength` characters of a text reader's input, warning when it cuts the rest. */
export function cutToMaxLength(text: string, maxLength: number, log: WarningLog): string {
  if (text.length <= maxLength) return text;
  log.warn('READER_INPUT_TRUNCATED', `The input is longer than ${maxLength} characters; the rest was not read.`);
  return text.slice(0, maxLength);
}

function readPositiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`Reader option \`${name}\` must be a positive integer.`);
  }
  return value;
}
