import type { ConversionErrorCode } from '../../conversion-error.js';
import type { InputFormat, OutputFormat, PaperSize, ReviewMarkup } from '../../engine.js';

/** One conversion sent to a built-in worker. */
export interface BuiltinTask {
  /** Matches the answer to the task. */
  id: number;
  input: Uint8Array;
  from: InputFormat;
  to: OutputFormat;
  /** Paper of PDF pages whose source gives no size; the writer's default (A4) when absent. */
  paperSize?: PaperSize;
  /** How a DOCX's tracked changes and comments are printed in a PDF; `none` when absent. */
  markup?: ReviewMarkup;
}

/** What a built-in conversion produces: the file and the reader's warnings as sentences. */
export interface BuiltinOutput {
  bytes: Uint8Array;
  warnings: string[];
}

/** A worker's answer to a {@link BuiltinTask}: the output, or a `ConversionError`'s code and message. */
export type BuiltinAnswer =
  | ({ id: number; ok: true } & BuiltinOutput)
  | { id: number; ok: false; code: ConversionErrorCode; message: string };

/** Returns true when `value` has the shape of a {@link BuiltinAnswer}. */
export function isBuiltinAnswer(value: unknown): value is BuiltinAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<Record<keyof BuiltinAnswer, unknown>>;
  return typeof answer.id === 'number' && typeof answer.ok === 'boolean';
}
