export { addDocumentEdits, patchDocx } from './patch-docx.js';
export type { DocumentEditOptions, DocxOriginal } from './patch-docx.js';
export { writeDocx } from './write-docx.js';
export type { WriteDocxOptions } from './write-docx.js';
