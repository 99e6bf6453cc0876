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

/** What {@link resolveInputFormat} resolves from: the declared format and the file name, both optional. */
export interface ResolveInputFormatOptions {
  /** The declared format; checked against the content when present. */
  from?: InputFormat;
  /** The original file name; its extension decides between Markdown and HTML for undeclared text. */
  fileName?: string;
}

/**
 * The answer of {@link resolveInputFormat}: the format to convert the input as, or why it cannot
 * be; `detected` names the supported format the content is when it is not the declared one.
 */
export type InputFormatResolution = { ok: true; format: InputFormat } | { ok: false; reason: string; detected?: InputFormat };

/** What the bytes are by their first bytes, regardless of any name; a zip is not opened. */
type ContentKind = { kind: 'zip' } | { kind: 'invalid'; reason: string } | { kind: 'text'; looksLikeHtml: boolean };

/**
 * Resolves the format a conversion reads an input as, from its first bytes without opening a zip:
 * a zip archive is `docx`, text is taken at `from`, else at its file name, else `html` when it
 * starts like an HTML document and `md` otherwise. Whether a zip holds a Word document is checked
 * by the one that opens it, the engine (`CONVERT_INPUT_INVALID` when it does not), so that a
 * conversion reads the zip directory once (ARCHITECTURE.md, The life of a conversion on the
 * server). Refuses empty, binary and legacy inputs, text declared as `docx` and a zip declared as
 * text: that last refusal opens the zip, to tell a DOCX (`detected: 'docx'`) from another zip.
 */
export async function resolveInputFormat(bytes: Uint8Array, options: ResolveInputFormatOptions = {}): Promise<InputFormatResolution> {
  const { from, fileName } = options;
  const content = sniffContent(bytes);
  if (content.kind === 'invalid') return { ok: false, reason: content.reason };
  if (content.kind === 'zip') {
    if (from === undefined || from === 'docx') return { ok: true, format: 'docx' };
    const opened = await openZip(bytes);
    return opened.ok ? { ok: false, reason: `The input was declared as ${from} but is a DOCX package.`, detected: 'docx' } : opened;
  }
  const sniffed = content.looksLikeHtml ? 'html' : 'md';
  if (from === 'docx') return { ok: false, reason: 'The input was declared as docx but is text.', detected: sniffed };
  if (from !== undefined) return { ok: true, format: from };
  const named = formatFromFileName(fileName);
  if (named === 'docx') return { ok: false, reason: 'The file is named .docx but is text, not a DOCX (zip) package.' };
  return { ok: true, format: named ?? sniffed };
}

/**
 * Detects the format of an input from its content and, for text, its file name: a zip holding a
 * Word main document part is `docx`; text named `.md`/`.html` is taken at its name; other text is
 * `html` when it starts like an HTML document and `md` otherwise. Returns `ok: false` with a reason
 * for empty, binary, non-Word zip and legacy (`.doc`, RTF, PDF) inputs. Never rejects. Unlike
 * {@link resolveInputFormat}, it opens a zip to check it.
 */
export async function detectFormat(bytes: Uint8Array, options: DetectFormatOptions = {}): Promise<FormatDetection> {
  const resolved = await resolveInputFormat(bytes, options.fileName === undefined ? {} : { fileName: options.fileName });
  if (!resolved.ok) return { ok: false, reason: resolved.reason };
  if (resolved.format !== 'docx') return resolved;
  const opened = await openZip(bytes);
  return opened.ok ? resolved : opened;
}

/**
 * Checks that the bytes can be of the declared format: `docx` needs a Word package (the zip is
 * opened), `md` and `html` need text (any text is valid Markdown, and HTML parsers accept any
 * text). Returns a reason when they cannot.
 */
export async function checkDeclaredFormat(bytes: Uint8Array, from: InputFormat): Promise<FormatCheck> {
  const checked = from === 'docx' ? await openDeclaredDocx(bytes) : await resolveInputFormat(bytes, { from });
  return checked.ok ? { ok: true } : { ok: false, reason: checked.reason };
}

/**
 * Checks input declared as `docx` as {@link checkDeclaredFormat} does and resolves to the package
 * it opened for that, opened with `limits`, so that what reads the input next (bounds, reader,
 * metadata writer) reads it through the same package instead of opening it again.
 */
export async function openDeclaredDocx(bytes: Uint8Array, limits: OpenPackageOptions = {}): Promise<DocxOpening> {
  const resolved = await resolveInputFormat(bytes, { from: 'docx' });
  return resolved.ok ? openZip(bytes, limits) : { ok: false, reason: resolved.reason };
}

/**
 * Returns true when `bytes` are a zip package with a Word main document part. Used to check
 * DOCX outputs as well as inputs.
 */
export async function isDocxPackage(bytes: Uint8Array): Promise<boolean> {
  return (await openZip(bytes)).ok;
}

function sniffContent(bytes: Uint8Array): ContentKind {
  if (bytes.length === 0) return { kind: 'invalid', reason: 'The input is empty.' };
  if (looksLikeZip(bytes)) return { kind: 'zip' };
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

// Opens a zip and finds its Word main part through relationships.
async function openZip(bytes: Uint8Array, limits: OpenPackageOptions = {}): Promise<DocxOpening> {
  try {
    const pkg = openPackage(bytes, limits);
    await findDocumentParts(pkg);
    return { ok: true, package: pkg };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    return { ok: false, reason: error.message };
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
