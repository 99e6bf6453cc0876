import type { Node } from 'prosemirror-model';

/**
 * Stable codes of reader warnings. A code is never renamed or reused.
 * - `READER_INPUT_TRUNCATED`: the input was longer than `maxLength`; the rest was not read.
 * - `READER_NESTING_FLATTENED`: containers nested deeper than `maxDepth` were flattened into their ancestor.
 * - `READER_NESTING_TRUNCATED`: the parser stopped nesting; content below that depth was dropped.
 * - `READER_IMAGE_NOT_FETCHED`: an image named a URL or file; it was replaced by its alt text and never fetched.
 * - `READER_IMAGE_UNSUPPORTED`: an image of a type a document cannot embed (a `data:` URI of another type, an
 *   EMF, WMF or TIFF picture in a DOCX); replaced by its alt text or a placeholder of its size.
 * - `READER_UNSAFE_LINK`: a link with a scheme that could run code; the text was kept without the link.
 * - `READER_ELEMENT_DROPPED`: an element that is never converted (script, style, iframe, form control...).
 * - `READER_UNKNOWN_ELEMENT`: an element the reader does not know; its content was kept as text.
 * - `READER_PART_UNREADABLE`: a part of a package (styles, numbering, a header, a note, an image) is missing
 *   or could not be read; the document was read without it.
 */
export type ReaderWarningCode =
  | 'READER_INPUT_TRUNCATED'
  | 'READER_NESTING_FLATTENED'
  | 'READER_NESTING_TRUNCATED'
  | 'READER_IMAGE_NOT_FETCHED'
  | 'READER_IMAGE_UNSUPPORTED'
  | 'READER_UNSAFE_LINK'
  | 'READER_ELEMENT_DROPPED'
  | 'READER_UNKNOWN_ELEMENT'
  | 'READER_PART_UNREADABLE';

/** A recoverable oddity met while reading: the conversion went on (mammoth's message shape). */
export interface ReaderWarning {
  readonly type: 'warning';
  readonly code: ReaderWarningCode;
  readonly message: string;
}

/** What every reader returns: the document (a `doc` node of the model) and its warnings. */
export interface ReadResult {
  readonly value: Node;
  readonly messages: readonly ReaderWarning[];
}

/** Collects reader warnings, once per distinct message and at most `limit` of them. */
export interface WarningLog {
  warn(code: ReaderWarningCode, message: string): void;
  readonly messages: readonly ReaderWarning[];
}

/** Returns an empty {@link WarningLog}; a hostile input cannot grow it past `limit` entries. */
export function createWarningLog(limit = 100): WarningLog {
  const seen = new Set<string>();
  const messages: ReaderWarning[] = [];
  return {
    warn(code, message) {
      const key = `${code}\u0000${message}`;
      if (seen.has(key) || messages.length >= limit) return;
      seen.add(key);
      messages.push({ type: 'warning', code, message });
    },
    messages,
  };
}
