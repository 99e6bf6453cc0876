import type { OpcPackage } from '../package/open-package.js';
import type { DocumentMetadata } from './generate-document-metadata.js';
import type { WriteDocumentMetadataOptions } from './write-document-metadata.js';

// The open path's only import of the writer, and a dynamic one: a bundler that splits code
// (esbuild) puts a module that the `quire` entry imports statically up front, even unused.
const loadWriter = () => import('./write-document-metadata.js');

/**
 * Resolves to the DOCX `bytes` with the GUID and creation timestamp written into it, the values
 * the file already has winning over `metadata`; rejects with `INPUT_INVALID` for a malformed GUID
 * or empty timestamp, and with the `DocumentError`s of reading a package. `quire` exports it as
 * `writeDocumentMetadata`: the writer's code (zip rewriting, deflate) loads on the first call, so a
 * page that only opens documents never downloads it.
 */
export async function writeDocumentMetadataLazily(
  bytes: Uint8Array,
  metadata: DocumentMetadata,
  options?: WriteDocumentMetadataOptions,
): Promise<Uint8Array> {
  return (await loadWriter()).writeDocumentMetadata(bytes, metadata, options);
}

/**
 * Resolves to the bytes of the opened package `pkg` with the metadata written, as
 * {@link writeDocumentMetadataLazily} does for bytes, but through the package already read (its
 * zip directory and cached parts), the writer's code loading on the first call.
 */
export async function writePackageMetadataLazily(pkg: OpcPackage, metadata: DocumentMetadata): Promise<Uint8Array> {
  return (await loadWriter()).writePackageMetadata(pkg, metadata);
}
