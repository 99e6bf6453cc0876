import { isDocumentError, findDocumentParts, openPackage, type OpcPackage, type OpenPackageOptions } from 'quire/package';
import { FORMAT_SNIFF_BYTES, formatFromFileName, looksLikeHtml, looksLikeZip } from 'quire/readers';
import type { InputFormat } from './engine.js';

/** The answer of {@link detectFormat}: a format, or a sentence saying why the input is unusable. */
export type FormatDetection = { ok: true; format: InputFormat } | { ok: false; reason: string };

/** The answer of {@link checkDeclaredFormat}. */
export type FormatCheck = { ok: true } | { ok: false; reason: string };

/** Options of {@link detectFormat}. */
export interface DetectFormatOptions {
  /** The original file name; its extension decides between Markdown and HTML for text input. */
  fileName?: string;
}

/** The answer of {@link openDeclaredDocx}: the opened package, or why the input is no DOCX. */
export type DocxOpening = { ok: true; package: OpcPackage } | { ok: false; reason: string };

/** What the bytes are, regardless of any name. */
type ContentKind =
  | { kind: 'docx'; package: OpcPackage }
  | { kind: 'invalid'; reason: string }
  | { kind: 'text'; looksLikeHtml: boolean };


/**
 * Detects the format of an input from its content and, for text, its file name: a zip holding a
 * Word main document part is `docx`; text named `.md`/`.html` is taken at its name; other text is
 * `html` when it starts like an HTML document and `md` otherwise. Returns `ok: false` with a reason
 * for empty, binary, non-Word zip and legacy (`.doc`, RTF, PDF) inputs. Never rejects.
 */
export async function detectFormat(bytes: Uint8Array, options: DetectFormatOptions = {}): Promise<FormatDetection> {
  const content = await sniffContent(bytes);
  if (content.kind === 'docx') return { ok: true, format: 'docx' };
  if (content.kind === 'invalid') return { ok: false, reason: content.reason };
  const named = formatFromFileName(options.fileName);
  if (named === 'docx') {
    return { ok: false, reason: 'The file is named .docx but is text, not a DOCX (zip) package.' };
  }
  if (named) return { ok: true, format: named };
  return { ok: true, format: content.looksLikeHtml ? 'html' : 'md' };
}

/**
 * Checks that the bytes can be of the declared format: `docx` needs a Word package, `md` and
 * `html` need text (any text is valid Markdown, and HTML parsers accept any text). Returns a
 * reason when they cannot.
 */
export async function checkDeclaredFormat(bytes: Uint8Array, from: InputFormat): Promise<FormatCheck> {
  if (from === 'docx') {
    const opened = await openDeclaredDocx(bytes);
    return opened.ok ? { ok: true } : opened;
  }
  const content = await sniffContent(bytes);
  if (content.kind === 'invalid') return { ok: false, reason: content.reason };
  if (content.kind === 'docx') {
    return { ok: false, reason: `The input was declared as ${from} but is a DOCX package.` };
  }
  return { ok: true };
}

/**
 * Checks input declared as `docx` as {@link checkDeclaredFormat} does and resolves to the package
 * it opened for that, opened with `limits`, so that what reads the input next (bounds, reader,
 * metadata writer) reads it through the same package instead of opening it again.
 */
export async function openDeclaredDocx(bytes: Uint8Array, limits: OpenPackageOptions = {}): Promise<DocxOpening> {
  const content = await sniffContent(bytes, limits);
  if (content.kind === 'invalid') return { ok: false, reason: content.reason };
  return content.kind === 'docx' ? { ok: true, package: content.package } : { ok: false, reason: 'The input was declared as docx but is text.' };
}

/**
 * Returns true when `bytes` are a zip package with a Word main document part. Used to check
 * DOCX outputs as well as inputs.
 */
export async function isDocxPackage(bytes: Uint8Array): Promise<boolean> {
  return (await sniffZip(bytes)).kind === 'docx';
}

async function sniffContent(bytes: Uint8Array, limits: OpenPackageOptions = {}): Promise<ContentKind> {
  if (bytes.length === 0) return { kind: 'invalid', reason: 'The input is empty.' };
  if (looksLikeZip(bytes)) return sniffZip(bytes, limits);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return {
      kind: 'invalid',
      reason: 'The input is a legacy Word .doc or a password-protected document; only .docx is supported.',
    };
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return { kind: 'invalid', reason: 'The input is a PDF; PDF is an output format only.' };
  }
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) {
    return { kind: 'invalid', reason: 'The input is an RTF document; only DOCX, Markdown and HTML are supported.' };
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return { kind: 'invalid', reason: 'The input is UTF-16 text; save Markdown and HTML as UTF-8.' };
  }
  if (looksBinary(bytes.subarray(0, FORMAT_SNIFF_BYTES))) {
    return { kind: 'invalid', reason: 'The input is binary data, not DOCX, Markdown or HTML.' };
  }
  return { kind: 'text', looksLikeHtml: looksLikeHtml(bytes.subarray(0, FORMAT_SNIFF_BYTES)) };
}

async function sniffZip(bytes: Uint8Array, limits: OpenPackageOptions = {}): Promise<ContentKind> {
  try {
    const pkg = openPackage(bytes, limits);
    await findDocumentParts(pkg);
    return { kind: 'docx', package: pkg };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    return { kind: 'invalid', reason: error.message };
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

// Text never holds NUL, and holds few C0 controls besides tab, line feed, form feed, carriage
// return and escape; legacy 8-bit encodings (windows-1252 HTML) still count as text.
function looksBinary(sample: Uint8Array): boolean {
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) controls++;
  }
  return controls > sample.length / 20;
}
