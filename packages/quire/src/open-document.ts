import { openAndIdentify } from './identity/identify-document.js';
import type { IdentifyOptions } from './identity/identify-document.js';
import { writePackageMetadataLazily } from './identity/write-document-metadata-lazily.js';
import type { DocumentInput } from './input/read-document-input.js';
import { createTelemetry } from './telemetry/create-telemetry.js';
import type { CreateTelemetryOptions, Telemetry } from './telemetry/create-telemetry.js';

/**
 * Options of {@link openDocument}: the editor's telemetry options plus injectable I/O. `fetch`
 * serves both the document download (URL inputs) and the telemetry report.
 */
export type OpenDocumentOptions = Omit<CreateTelemetryOptions, 'fetch'> &
  Omit<IdentifyOptions, 'fetch'> & { fetch?: typeof globalThis.fetch };

/** A document opened by {@link openDocument}. */
export interface OpenedDocument {
  /** Stable identifier: SHA-256 of `GUID|createdAt`, or of the file bytes when either was missing. */
  readonly documentId: string;
  /** The document GUID, read from the file or generated for it (upper case, no braces). */
  readonly guid: string;
  /** The creation timestamp, read from the file or generated for it. */
  readonly createdAt: string;
  /** `metadata` when the id came from GUID and timestamp, `content` when from the bytes. */
  readonly source: 'metadata' | 'content';
  /** The DOCX with the GUID and timestamp written into it, so its next open is recognised. */
  export(): Promise<Uint8Array>;
}

/**
 * Opens a DOCX: derives its `documentId`, generates missing metadata, and sends one
 * fire-and-forget telemetry report (unless `telemetry.enabled` is false).
 *
 * Rejects with a `QuireOptionsError` for invalid options (before any I/O) and with a
 * `DocumentError` when the input is not a readable DOCX. Telemetry never rejects and
 * never delays the result.
 */
export async function openDocument(
  input: DocumentInput,
  options: OpenDocumentOptions = {},
): Promise<OpenedDocument> {
  const telemetry = createTelemetry(options);
  return openWithTelemetry(input, telemetry, options);
}

/**
 * The open path shared by {@link openDocument} and the editor, which keeps one
 * telemetry instance for all its opens.
 */
export async function openWithTelemetry(
  input: DocumentInput,
  telemetry: Telemetry,
  options: IdentifyOptions = {},
): Promise<OpenedDocument> {
  const { identity, pkg } = await openAndIdentify(input, options);
  telemetry.reportOpen({ documentId: identity.documentId, documentCreatedAt: identity.createdAt });
  const metadata = { guid: identity.guid, createdAt: identity.createdAt };
  return {
    documentId: identity.documentId,
    guid: identity.guid,
    createdAt: identity.createdAt,
    source: identity.source,
    // The writer (zip rewriting, deflate) loads on the first export, so pages that only open
    // documents never download it. It writes through the package identity opened: the zip
    // directory is read once per open, and the metadata parts identity inflated are not inflated again.
    export: () => writePackageMetadataLazily(pkg, metadata),
  };
}
