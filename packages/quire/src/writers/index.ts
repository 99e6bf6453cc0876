// The `quire/writers` entry: the one DOCX writer, for converters running in Node (@quire/convert
// writes Markdown and HTML with it) and for tools that write a model document as a DOCX.
export { addDocumentEdits, patchDocx, writeDocx } from './docx/index.js';
export type { DocumentEditOptions, DocxOriginal, WriteDocxOptions } from './docx/index.js';
