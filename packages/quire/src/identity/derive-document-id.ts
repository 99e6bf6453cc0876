import { sha256Hex, type Sha256Options } from './sha256.js';

/** What a `documentId` is derived from: the metadata read from the file, and the file bytes. */
export interface DocumentIdInput {
  /** The GUID read from the file, normalised; undefined when missing. */
  guid?: string | undefined;
  /** The creation timestamp read from the file; undefined when missing. */
  createdAt?: string | undefined;
  /** The raw file bytes. */
  bytes: Uint8Array;
}

/** A derived `documentId` and what it was derived from. */
export interface DerivedDocumentId {
  /** Lower-case hex SHA-256. */
  documentId: string;
  /** `metadata` for `GUID|createdAt`, `content` for the file bytes. */
  source: 'metadata' | 'content';
}

/**
 * Returns the `documentId` of a document (ARCHITECTURE.md, Document identity): the SHA-256 of the
 * UTF-8 string `GUID|createdAt` when both were read from the file, otherwise the SHA-256 of the raw
 * bytes.
 */
export async function deriveDocumentId(input: DocumentIdInput, options: Sha256Options = {}): Promise<DerivedDocumentId> {
  if (input.guid && input.createdAt) {
    return { documentId: await sha256Hex(`${input.guid}|${input.createdAt}`, options), source: 'metadata' };
  }
  return { documentId: await sha256Hex(input.bytes, options), source: 'content' };
}
