/**
 * Stable codes of {@link DocumentError}. A code is never renamed or reused; new failure kinds get
 * new codes.
 */
export type DocumentErrorCode =
  /** The input is not a File, Blob, ArrayBuffer, Uint8Array, URL or URL string, or cannot be read. */
  | 'INPUT_INVALID'
  /** Fetching a URL failed: network error or a non-2xx status. */
  | 'INPUT_FETCH_FAILED'
  /** The bytes are not a zip archive at all. */
  | 'DOCX_NOT_ZIP'
  /** The zip archive is cut short: its directory or an entry points past the end of the data. */
  | 'DOCX_TRUNCATED'
  /** The file is encrypted (password-protected Word files are OLE compound files) or holds encrypted zip entries. */
  | 'DOCX_ENCRYPTED'
  /** The zip archive is damaged: bad signatures, overlapping entries, CRC mismatch, invalid deflate data. */
  | 'DOCX_CORRUPT'
  /** The zip archive uses a feature Quire does not read (multi-disk archives, compression other than stored or deflate). */
  | 'DOCX_UNSUPPORTED'
  /** The input or the zip directory exceeds a configured limit (bytes or entry count). */
  | 'DOCX_TOO_LARGE'
  /** An entry inflates beyond the per-part cap or at an implausible compression ratio. */
  | 'DOCX_ZIP_BOMB'
  /** The package has no Word main document part ([Content_Types].xml, the officeDocument relationship or its target is missing). */
  | 'DOCX_NO_MAIN_PART'
  /** An XML part is not well-formed, not UTF-8/UTF-16, or carries a DOCTYPE (refused: OOXML parts never have one). */
  | 'DOCX_MALFORMED_XML';

/** Options of the {@link DocumentError} constructor. */
export interface DocumentErrorOptions {
  /** The underlying error, if any. */
  cause?: unknown;
  /** Machine-readable facts about the failure (part name, limit, status...). Never document content. */
  details?: Readonly<Record<string, unknown>>;
}

/**
 * Error thrown when a document cannot be read, identified or written. `code` is stable and meant
 * for programs; `message` is a sentence meant for people.
 */
export class DocumentError extends Error {
  /** Stable machine-readable code, see {@link DocumentErrorCode}. */
  readonly code: DocumentErrorCode;
  /** Optional machine-readable facts about the failure. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: DocumentErrorCode, message: string, options: DocumentErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocumentError';
    this.code = code;
    this.details = options.details;
  }
}

/**
 * Returns true when `value` is a {@link DocumentError}, also one created by another copy of this
 * library (ESM and CJS builds loaded side by side), recognised by its name and string code.
 */
export function isDocumentError(value: unknown): value is DocumentError {
  if (value instanceof DocumentError) return true;
  return (
    value instanceof Error &&
    value.name === 'DocumentError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
