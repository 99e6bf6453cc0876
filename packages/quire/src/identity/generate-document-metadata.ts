/** A document's identity metadata: its GUID (upper case, no braces) and creation timestamp. */
export interface DocumentMetadata {
  guid: string;
  createdAt: string;
}

/** Injected sources of {@link generateDocumentMetadata}. */
export interface GenerateDocumentMetadataOptions {
  /** The clock; default `() => new Date()`. */
  now?: () => Date;
  /** Fills an array with random bytes; default `crypto.getRandomValues`. */
  getRandomValues?: (array: Uint8Array) => Uint8Array;
}

/**
 * Returns fresh metadata for a document: an upper-case random UUID v4 (RFC 9562 §5.4) built from
 * `getRandomValues`, never `crypto.randomUUID`, which needs a secure context, and the current
 * UTC time at minute precision (`YYYY-MM-DDTHH:MM:00Z`). Throws a `TypeError` when no random source exists.
 */
export function generateDocumentMetadata(options: GenerateDocumentMetadataOptions = {}): DocumentMetadata {
  return {
    guid: generateGuid(options.getRandomValues ?? defaultGetRandomValues()),
    createdAt: formatCreatedAt((options.now ?? (() => new Date()))()),
  };
}

/** Returns `date` in UTC at minute precision, as `YYYY-MM-DDTHH:MM:00Z`. */
export function formatCreatedAt(date: Date): string {
  return `${date.toISOString().slice(0, 16)}:00Z`;
}

function generateGuid(getRandomValues: (array: Uint8Array) => Uint8Array): string {
  const bytes = new Uint8Array(16);
  getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function defaultGetRandomValues(): (array: Uint8Array) => Uint8Array {
  const crypto = globalThis.crypto;
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new TypeError('No crypto.getRandomValues is available to generate a document GUID; pass getRandomValues.');
  }
  return (array) => crypto.getRandomValues(array);
}
