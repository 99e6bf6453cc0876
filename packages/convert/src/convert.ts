import { ConversionError } from './conversion-error.js';
import { createEngines, type EngineRegistry } from './create-engines.js';
import { resolveInputFormat } from './detect-format.js';
import {
  isEngineName,
  isInputFormat,
  isOutputFormat,
  type ConversionResult,
  type EngineName,
  type Env,
  type InputFormat,
  type OutputFormat,
} from './engine.js';
import { paperSizeForLocale } from './paper-size-for-locale.js';
import { isReviewMarkup, type ReviewMarkup } from 'quire/model';
import { selectEngine } from './select-engine.js';
import { formatByteSize } from './format-byte-size.js';

/** Options of {@link convert}. */
export interface ConvertOptions {
  /** The input format; detected from the content and `fileName` when absent. */
  from?: InputFormat;
  /** The output format; default `pdf`. */
  to?: OutputFormat;
  /** The engine to use; default `QUIRE_ENGINE`, else automatic (see `selectEngine`). */
  engine?: EngineName | 'auto';
  /** The original file name, used to detect the format and in messages. */
  fileName?: string;
  /** Cancels the conversion; `convert` then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Time limit of the conversion's work in milliseconds, not counting its wait in the engine's queue; default the engine's. */
  timeoutMs?: number;
  /** Longest wait in the engine's queue before the conversion starts, in milliseconds (`CONVERT_BUSY` past it); default the engine's. */
  maxQueueWaitMs?: number;
  /** Largest accepted input in bytes; default 25 MiB. */
  maxInputBytes?: number;
  /**
   * BCP 47 locale whose default paper (US Letter for `en-US`, `es-MX`, `fr-CA`...; A4 elsewhere)
   * the built-in engine uses for PDF pages whose source gives no page size; default A4.
   */
  locale?: string;
  /**
   * How a DOCX's tracked changes and comments are printed in a PDF: `none` (default), the
   * document as if every change were accepted; `original`, as if every change were rejected;
   * `all`, both, insertions underlined and deletions struck through in their author's colour, a
   * bar beside each changed line and the comments in a margin beside each page, shrunk with the
   * page onto its paper as Word prints markup. Markdown and HTML have no review and ignore it; so
   * does DOCX output, which keeps the changes and comments. Only the built-in engine draws it:
   * with another markup than `none` a DOCX to PDF goes to it (`CONVERT_MARKUP_UNSUPPORTED` when
   * another engine is asked for or it is not registered).
   */
  markup?: ReviewMarkup;
  /** Environment read for `QUIRE_ENGINE` (and engine discovery when `convert` creates engines); default `process.env`. */
  env?: Env;
  /** Told which engine was chosen, before it converts, so that a failure can be put down to it (server metrics). */
  onEngineSelected?: (engine: EngineName) => void;
}

/** The converted file, with the engine and formats actually used. */
export interface ConvertResult extends ConversionResult {
  engine: EngineName;
  from: InputFormat;
  to: OutputFormat;
}

/** Default of {@link ConvertOptions.maxInputBytes}: 25 MiB, the server's upload cap. */
export const DEFAULT_MAX_CONVERT_INPUT_BYTES = 25 * 1024 * 1024;

/**
 * Converts a DOCX, Markdown or HTML file to PDF or DOCX. Pass a registry from `createEngines` to
 * reuse engines across calls; without one, engines are created for this call and closed after.
 * Rejects with a `ConversionError`: `CONVERT_INPUT_TOO_LARGE` before any engine sees the input,
 * `CONVERT_INPUT_INVALID` when it is not of the declared or any supported format (a zip that
 * holds no Word document: from the engine, which opens it), and the engine's codes otherwise;
 * with the signal's reason when aborted; with a `RangeError` for a malformed `locale` and a
 * `TypeError` for an unknown `markup`.
 */
export async function convert(bytes: Uint8Array, options: ConvertOptions = {}, engines?: EngineRegistry): Promise<ConvertResult> {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('convert: `bytes` must be a Uint8Array.');
  const to = options.to ?? 'pdf';
  if (!isOutputFormat(to)) throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `Unknown output format "${String(to)}"; use pdf or docx.`);
  if (options.from !== undefined && !isInputFormat(options.from)) {
    throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `Unknown input format "${String(options.from)}"; use docx, md or html.`);
  }
  if (options.engine !== undefined && options.engine !== 'auto' && !isEngineName(options.engine)) {
    throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', `Unknown engine "${String(options.engine)}"; use builtin, libreoffice, gotenberg or auto.`);
  }
  if (options.markup !== undefined && !isReviewMarkup(options.markup)) throw new TypeError(`convert: \`markup\` must be none, all or original, got ${JSON.stringify(options.markup)}.`);
  const markup = options.markup ?? 'none';
  const maxInputBytes = options.maxInputBytes ?? DEFAULT_MAX_CONVERT_INPUT_BYTES;
  const paperSize = options.locale === undefined ? undefined : paperSizeForLocale(options.locale);
  if (bytes.byteLength > maxInputBytes) {
    throw new ConversionError('CONVERT_INPUT_TOO_LARGE', `The input is ${formatByteSize(bytes.byteLength)}; the limit is ${formatByteSize(maxInputBytes)}.`);
  }
  options.signal?.throwIfAborted();
  // Read from the first bytes only: the engine opens a DOCX's zip, once, and refuses one without a Word document.
  const resolved = await resolveInputFormat(bytes, options);
  if (!resolved.ok) throw new ConversionError('CONVERT_INPUT_INVALID', resolved.reason);
  const from = resolved.format;

  const env = options.env ?? process.env;
  const registry = engines ?? createEngines({ env });
  try {
    const selection = selectEngine({ from, to, env, markup, available: registry.engines, ...(options.engine ? { requested: options.engine } : {}) });
    if (!selection.ok) throw selection.error;
    options.onEngineSelected?.(selection.engine);
    const engine = registry.engines.get(selection.engine);
    if (!engine) throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', `The ${selection.engine} engine is not available.`);
    const result = await engine.convert(bytes, {
      from,
      to,
      ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxQueueWaitMs !== undefined ? { maxQueueWaitMs: options.maxQueueWaitMs } : {}),
      ...(paperSize !== undefined ? { paperSize } : {}),
      ...(markup !== 'none' ? { markup } : {}),
    });
    return { ...result, warnings: [...selection.warnings, ...result.warnings], engine: selection.engine, from, to };
  } finally {
    if (!engines) await registry.close();
  }
}
