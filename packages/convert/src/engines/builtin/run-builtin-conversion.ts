import { checkOutput } from '../../check-output.js';
import { ConversionError } from '../../conversion-error.js';
import { PACKAGE_BOUNDS_PART_LIMITS } from '../../check-package-bounds.js';
import { checkDeclaredFormat, openDeclaredDocx } from '../../detect-format.js';
import type { InputFormat, OutputFormat, PaperSize, ReviewMarkup } from '../../engine.js';
import type { GenerateDocumentMetadataOptions } from 'quire/identity';
import { isDocumentError, type OpcPackage } from 'quire/package';
import type { ReadResult, ReviewComment } from 'quire/model';
import type { FontCatalog } from '../../writers/pdf/index.js';
import { isBuiltinPair } from './builtin-pairs.js';
import { decodeTextInput } from './decode-text-input.js';
import { passThroughDocx } from './pass-through-docx.js';
import type { BuiltinOutput } from './worker-messages.js';

/** Options of {@link runBuiltinConversion}: clocks and random sources, and the PDF fonts to share. */
export interface RunBuiltinConversionOptions extends GenerateDocumentMetadataOptions {
  /** A font catalog shared by every PDF this worker writes, so font files load once. */
  fonts?: FontCatalog;
  /** Paper of PDF pages whose source gives no size; default A4. */
  paperSize?: PaperSize;
  /** How a DOCX's tracked changes and comments are printed in a PDF; default `none`. */
  markup?: ReviewMarkup;
}

// Readers and writers load on first use: a worker that only writes DOCX never loads pdfkit
// (about 28 MB of RSS per worker), one that only writes PDF never loads the docx library.

/**
 * Converts one input with the readers and writers, in the calling thread (the engine calls it
 * in a worker): Markdown and HTML through the model to DOCX or PDF, DOCX through a checked
 * pass-through to DOCX or through the DOCX reader to PDF. Reader and PDF writer warnings come
 * back as sentences. Rejects with a `ConversionError`: `CONVERT_UNSUPPORTED_PAIR`,
 * `CONVERT_INPUT_INVALID` for input not of format `from`, or `CONVERT_OUTPUT_INVALID` should a
 * writer produce an unreadable file.
 */
export async function runBuiltinConversion(
  input: Uint8Array,
  from: InputFormat,
  to: OutputFormat,
  options: RunBuiltinConversionOptions = {},
): Promise<BuiltinOutput> {
  if (!isBuiltinPair(from, to)) {
    throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `The built-in engine does not convert ${from} to ${to}.`, { engine: 'builtin' });
  }
  // A DOCX is checked, read and (to DOCX) rewritten through the one package its check opened.
  const opened = from === 'docx' ? await openDeclaredDocx(input, to === 'docx' ? PACKAGE_BOUNDS_PART_LIMITS : {}) : undefined;
  const declared = opened ?? (await checkDeclaredFormat(input, from));
  if (!declared.ok) throw new ConversionError('CONVERT_INPUT_INVALID', declared.reason, { engine: 'builtin' });
  const output = await convertInput(input, from, to, options, opened?.ok ? opened.package : undefined);
  const valid = await checkOutput(output.bytes, to);
  if (!valid.ok) throw new ConversionError('CONVERT_OUTPUT_INVALID', valid.reason, { engine: 'builtin' });
  return output;
}

async function convertInput(input: Uint8Array, from: InputFormat, to: OutputFormat, options: RunBuiltinConversionOptions, pkg: OpcPackage | undefined): Promise<BuiltinOutput> {
  if (pkg && to === 'docx') return passThroughDocx(pkg, options);
  const read = await readModel(input, from, pkg);
  const warnings = read.messages.map((message) => message.message);
  if (to === 'pdf') {
    const { writePdf } = await import('../../writers/pdf/write-pdf.js');
    const bytes = await writePdf(read.value, {
      ...(options.now ? { now: options.now } : {}),
      ...(options.fonts ? { fonts: options.fonts } : {}),
      ...(options.paperSize ? { paperSize: options.paperSize } : {}),
      ...(options.markup ? { markup: options.markup, comments: commentsOf(read) } : {}),
      onWarning: (warning) => warnings.push(warning.message),
    });
    return { bytes, warnings };
  }
  const { writeDocx } = await import('quire/writers');
  const bytes = await writeDocx(read.value, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.paperSize ? { paperSize: options.paperSize } : {}),
    ...(options.getRandomValues ? { getRandomValues: options.getRandomValues } : {}),
  });
  return { bytes, warnings };
}

// A DOCX's comments (Markdown and HTML have none).
function commentsOf(read: ReadResult & { readonly review?: { readonly comments: readonly ReviewComment[] } }): readonly ReviewComment[] {
  return read.review?.comments ?? [];
}

async function readModel(input: Uint8Array, from: InputFormat, pkg: OpcPackage | undefined): Promise<ReadResult> {
  if (from === 'md') return (await import('../../readers/read-markdown.js')).readMarkdown(decodeTextInput(input, from));
  if (from === 'html') return (await import('../../readers/read-html.js')).readHtml(decodeTextInput(input, from));
  if (!pkg) throw new Error('A DOCX is read through the package its format check opened.');
  const { readDocxPackage } = await import('quire/readers');
  try {
    return await readDocxPackage(pkg);
  } catch (error) {
    if (isDocumentError(error)) throw new ConversionError('CONVERT_INPUT_INVALID', error.message, { engine: 'builtin', cause: error });
    throw error;
  }
}
