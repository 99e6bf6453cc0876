import type { EngineName } from './engine.js';

/**
 * Stable codes of {@link ConversionError}. A code is never renamed or reused; the server maps
 * each one to an HTTP status in its error catalogue.
 */
export type ConversionErrorCode =
  /** No available engine converts this input format to this output format. */
  | 'CONVERT_UNSUPPORTED_PAIR'
  /** The input is not of the declared (or any supported) format, or an engine could not read it. */
  | 'CONVERT_INPUT_INVALID'
  /** The input is larger than the configured cap; no engine saw it. */
  | 'CONVERT_INPUT_TOO_LARGE'
  /** The conversion's work ran past its time limit (counted from when it started, not while queued) and was stopped. */
  | 'CONVERT_TIMEOUT'
  /** The engine failed while converting a readable input (crash, export error). */
  | 'CONVERT_ENGINE_FAILED'
  /** The engine is not installed, not configured, not reachable, or already closed. */
  | 'CONVERT_ENGINE_UNAVAILABLE'
  /** The engine answered, but its output is not a valid file of the requested format. */
  | 'CONVERT_OUTPUT_INVALID'
  /** The engine's queue is full, or the conversion waited in it past its longest wait; it was never started. Try again later. */
  | 'CONVERT_BUSY'
  /** Review markup other than `none` was asked of an engine that does not draw it (only the built-in engine does). */
  | 'CONVERT_MARKUP_UNSUPPORTED';

/**
 * Which case of its code a {@link ConversionError} is, where a code has cases a caller answers
 * differently. `CONVERT_BUSY`: `queue_full` when the engine's queue was full (refused at once),
 * `queue_wait` when the conversion waited in it past its longest wait.
 */
export type ConversionErrorReason = 'queue_full' | 'queue_wait';

/** Options of the {@link ConversionError} constructor. */
export interface ConversionErrorOptions {
  /** The engine that failed, when one was involved. */
  engine?: EngineName;
  /** Which case of the code it is (see {@link ConversionErrorReason}). */
  reason?: ConversionErrorReason;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Error a conversion rejects with. `code` is stable and meant for programs; `message` is a
 * sentence meant for people and never carries document content.
 */
export class ConversionError extends Error {
  /** Stable machine-readable code, see {@link ConversionErrorCode}. */
  readonly code: ConversionErrorCode;
  /** The engine that failed, when one was involved. */
  readonly engine: EngineName | undefined;
  /** Which case of the code it is, for codes that have cases (see {@link ConversionErrorReason}). */
  readonly reason: ConversionErrorReason | undefined;

  constructor(code: ConversionErrorCode, message: string, options: ConversionErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ConversionError';
    this.code = code;
    this.engine = options.engine;
    this.reason = options.reason;
  }
}

/**
 * Returns true when `value` is a {@link ConversionError}, also one created by another copy of
 * this library (ESM and CJS builds side by side), recognised by its name and code prefix.
 */
export function isConversionError(value: unknown): value is ConversionError {
  if (value instanceof ConversionError) return true;
  if (!(value instanceof Error) || value.name !== 'ConversionError') return false;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('CONVERT_');
}
