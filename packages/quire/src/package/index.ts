export { openPackage } from './open-package.js';
export type { OpcPackage, OpenPackageOptions } from './open-package.js';
export { findDocumentParts } from './find-document-parts.js';
export type { DocumentParts, LinkedPart } from './find-document-parts.js';
export { editPackage } from './edit-package.js';
export type { PackageEdit } from './edit-package.js';
export { readZipDirectory, DEFAULT_MAX_ZIP_ENTRIES } from './read-zip-directory.js';
export type { ReadZipDirectoryOptions, ZipDirectory, ZipEntry } from './read-zip-directory.js';
export { readZipEntry, DEFAULT_MAX_ENTRY_BYTES } from './read-zip-entry.js';
export type { ReadZipEntryOptions } from './read-zip-entry.js';
export { rewriteZip } from './rewrite-zip.js';
export type { RewriteZipOptions } from './rewrite-zip.js';
export { contentTypeOf, CONTENT_TYPES_PART_NAME } from './content-types.js';
export type { ContentTypes } from './content-types.js';
export type { Relationship } from './relationships.js';
export { PACKAGE_SOURCE, partNameKey, relationshipsPartNameFor, resolveRelationshipTarget } from './part-names.js';
export { RELATIONSHIP_TYPES } from './relationship-types.js';
export { crc32 } from './crc32.js';
// Document metadata written into packages (the identity the editor reads back).
export { formatCreatedAt, generateDocumentMetadata } from '../identity/generate-document-metadata.js';
export type { DocumentMetadata, GenerateDocumentMetadataOptions } from '../identity/generate-document-metadata.js';
export { addDocumentMetadata, writeDocumentMetadata } from '../identity/write-document-metadata.js';
export type { WriteDocumentMetadataOptions } from '../identity/write-document-metadata.js';
// Bytes in and out: bounded reads of uploads and streams, and XML text escaping.
export { concatBytes } from '../streams/concat-bytes.js';
export { readCappedStream } from '../streams/read-capped-stream.js';
export { escapeXmlAttribute, escapeXmlText } from '../xml/escape-xml.js';
export { DocumentError, isDocumentError } from '../document-error.js';
export type { DocumentErrorCode } from '../document-error.js';
