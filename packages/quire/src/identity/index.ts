// The `quire/identity` entry: a document's GUID, creation time and documentId, and writing the
// metadata that is missing (ARCHITECTURE.md, Document identity).
export { identifyDocument } from './identify-document.js';
export type { DocumentIdentity, IdentifyOptions } from './identify-document.js';
export { addDocumentMetadata, writeDocumentMetadata } from './write-document-metadata.js';
export type { WriteDocumentMetadataOptions } from './write-document-metadata.js';
export { deriveDocumentId } from './derive-document-id.js';
export type { DerivedDocumentId, DocumentIdInput } from './derive-document-id.js';
export { formatCreatedAt, generateDocumentMetadata } from './generate-document-metadata.js';
export type { DocumentMetadata, GenerateDocumentMetadataOptions } from './generate-document-metadata.js';
export { normalizeGuid } from './normalize-guid.js';
export { sha256Hex, sha256HexFallback } from './sha256.js';
export type { Sha256Options } from './sha256.js';
export { DocumentError, isDocumentError } from '../document-error.js';
export type { DocumentErrorCode, DocumentErrorOptions } from '../document-error.js';
export type { DocumentFetch, DocumentInput, ReadDocumentInputOptions } from '../input/read-document-input.js';
