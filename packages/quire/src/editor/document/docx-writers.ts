// What an export writes with, in one module: a bundler makes one lazy chunk of it instead of three
// (the patch writer, the metadata writer and the zip code they share), which loads in one request
// and compresses better.
export { addDocumentEdits, writeDocx } from '../../writers/docx/index.js';
export { addDocumentMetadata } from '../../identity/write-document-metadata.js';
export { editPackage } from '../../package/edit-package.js';
