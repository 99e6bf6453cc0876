import { findDocumentParts } from '../package/find-document-parts.js';
import { openPackage, type OpcPackage, type OpenPackageOptions } from '../package/open-package.js';
import { readDocumentInput, type DocumentInput, type ReadDocumentInputOptions } from '../input/read-document-input.js';
import { deriveDocumentId } from './derive-document-id.js';
import { generateDocumentMetadata, type GenerateDocumentMetadataOptions } from './generate-document-metadata.js';
import { readDocumentMetadata } from './read-document-metadata.js';
import type { Sha256Options } from './sha256.js';

/** Options of {@link identifyDocument}: input loading, injected clock and randomness, and limits. */
export interface IdentifyOptions extends ReadDocumentInputOptions, GenerateDocumentMetadataOptions {
  /** WebCrypto used for hashing; `null` forces the JavaScript fallback. See `sha256Hex`. */
  subtle?: Sha256Options['subtle'];
  /** Zip limits: entry count and per-part inflation caps. */
  limits?: OpenPackageOptions;
}

/** The identity of an opened document. */
export interface DocumentIdentity {
  /** Lower-case hex SHA-256 of `GUID|createdAt`, or of the file bytes when either was missing. */
  documentId: string;
  /** The GUID read from the file (upper case, no braces), or the one generated for it. */
  guid: string;
  /** The creation timestamp read from the file, or the one generated for it. */
  createdAt: string;
  /** `metadata` when the id came from GUID and timestamp, `content` when from the bytes. */
  source: 'metadata' | 'content';
  /** Which of `guid` and `createdAt` were generated because the file lacked them. */
  generated: { guid: boolean; createdAt: boolean };
  /** The file bytes, for writing the metadata back on export. */
  bytes: Uint8Array;
  /** Recoverable oddities of the package (ignored relationships...), as sentences. */
  warnings: string[];
}

/**
 * Identifies a DOCX (ARCHITECTURE.md, Document identity): reads its GUID and creation timestamp,
 * derives `documentId`, and generates whichever of the two is missing. Inflates only the
 * relationships, content types, settings, core and custom properties parts. Rejects with a
 * `DocumentError` when the input cannot be read or is not a readable DOCX.
 */
export async function identifyDocument(input: DocumentInput, options: IdentifyOptions = {}): Promise<DocumentIdentity> {
  return (await openAndIdentify(input, options)).identity;
}

/**
 * Reads and identifies a DOCX as {@link identifyDocument} does, resolving to the opened package
 * too, so that a later write (`openDocument().export()`) goes through it instead of reading the
 * zip directory and the metadata parts a second time. Rejects as `identifyDocument` does.
 */
export async function openAndIdentify(
  input: DocumentInput,
  options: IdentifyOptions = {},
): Promise<{ identity: DocumentIdentity; pkg: OpcPackage }> {
  const bytes = await readDocumentInput(input, options);
  const pkg = openPackage(bytes, options.limits);
  return { identity: await identifyPackage(pkg, options), pkg };
}

/**
 * Identifies an opened DOCX as {@link identifyDocument} does, through the package's cache, so
 * that a reader sharing the package inflates none of those parts again. Rejects with a
 * `DocumentError` when the package is not a readable DOCX.
 */
export async function identifyPackage(pkg: OpcPackage, options: Omit<IdentifyOptions, 'limits'> = {}): Promise<DocumentIdentity> {
  const stored = await readDocumentMetadata(pkg, await findDocumentParts(pkg));
  const { documentId, source } = await deriveDocumentId(
    { guid: stored.guid, createdAt: stored.createdAt, bytes: pkg.bytes },
    options.subtle === undefined ? {} : { subtle: options.subtle },
  );
  const fresh = stored.guid && stored.createdAt ? undefined : generateDocumentMetadata(options);
  return {
    documentId,
    guid: stored.guid ?? fresh?.guid ?? '',
    createdAt: stored.createdAt ?? fresh?.createdAt ?? '',
    source,
    generated: { guid: !stored.guid, createdAt: !stored.createdAt },
    bytes: pkg.bytes,
    warnings: [...pkg.warnings],
  };
}
