import type { PaperSize, ReviewMarkup } from 'quire/model';
import { DOCUMENT_FORMATS, type DocumentFormat } from 'quire/readers';

export type { PaperSize, ReviewMarkup };

/** A format Quire converts from: the formats Quire's readers read. */
export type InputFormat = DocumentFormat;

/** A format Quire converts to. */
export type OutputFormat = 'pdf' | 'docx';

/** The name of a conversion engine. */
export type EngineName = 'builtin' | 'libreoffice' | 'gotenberg';

/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Every input format, in documentation order. */
export const INPUT_FORMATS: readonly InputFormat[] = DOCUMENT_FORMATS;

/** Every output format, in documentation order. */
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['pdf', 'docx'];

/** Every engine name, in documentation order. */
export const ENGINE_NAMES: readonly EngineName[] = ['builtin', 'libreoffice', 'gotenberg'];

/** The media type of each output format, as sent in `Content-Type`. */
export const OUTPUT_CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What an engine is asked to do with one input. */
export interface ConversionRequest {
  /**
   * The input format; the caller has checked it against the bytes' start (`resolveInputFormat`): a
   * DOCX is a zip nobody opened yet, so the engine opens it, once, and refuses with
   * `CONVERT_INPUT_INVALID` one that holds no Word document.
   */
  from: InputFormat;
  /** The output format. */
  to: OutputFormat;
  /** The original file name, used for messages and by engines that need an extension; never a path. */
  fileName?: string;
  /** Cancels the conversion; the engine rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Hard time limit of the work in milliseconds, from when the engine starts it: time spent waiting
   * in the engine's queue for a free worker or process is not counted. The engine's default when absent.
   */
  timeoutMs?: number;
  /**
   * Longest the conversion may wait in the engine's queue before it starts, in milliseconds; past it
   * the engine withdraws it with `CONVERT_BUSY` ("busy, try again later"). The engine's default
   * (no limit unless configured) when absent; engines without a queue of their own (Gotenberg) ignore it.
   */
  maxQueueWaitMs?: number;
  /**
   * Paper of PDF pages whose source gives no page size; default `A4`. The built-in engine honours
   * it; LibreOffice and Gotenberg use their own default.
   */
  paperSize?: PaperSize;
  /**
   * How a DOCX's tracked changes and comments are printed in a PDF (see `ConvertOptions.markup`);
   * default `none`. Only the built-in engine draws markup; `selectEngine` sends it nowhere else.
   */
  markup?: ReviewMarkup;
}

/** The converted file. */
export interface ConversionResult {
  /** The output file. */
  bytes: Uint8Array;
  /** Its media type (see {@link OUTPUT_CONTENT_TYPES}). */
  contentType: string;
  /** Recoverable oddities met on the way, as sentences; empty when there were none. */
  warnings: string[];
}

/**
 * A conversion engine. `convert` resolves with a checked output or rejects with a
 * `ConversionError` (or the signal's reason when aborted); `close` releases processes and files.
 */
export interface ConversionEngine {
  readonly name: EngineName;
  /** Returns true when this engine converts `from` to `to`. */
  supports(from: InputFormat, to: OutputFormat): boolean;
  /** Converts `input`; see the interface description for how it fails. */
  convert(input: Uint8Array, request: ConversionRequest): Promise<ConversionResult>;
  /** Stops the engine's processes and removes its temporary files; later conversions fail. */
  close(): Promise<void>;
}

/** True when `value` is an {@link InputFormat}. */
export function isInputFormat(value: unknown): value is InputFormat {
  return typeof value === 'string' && (INPUT_FORMATS as readonly string[]).includes(value);
}

/** True when `value` is an {@link OutputFormat}. */
export function isOutputFormat(value: unknown): value is OutputFormat {
  return typeof value === 'string' && (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** True when `value` is an {@link EngineName}. */
export function isEngineName(value: unknown): value is EngineName {
  return typeof value === 'string' && (ENGINE_NAMES as readonly string[]).includes(value);
}
