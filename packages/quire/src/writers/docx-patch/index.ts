export { addDocumentEdits, patchDocx } from './patch-docx.js';
export type { DocxOriginal } from './patch-docx.js';
export { createBlankDocx } from './blank-docx.js';
