export { readDocx } from './read-docx.js';
export type { DocxReadResult } from './read-docx.js';
export type { DocxSources, SourceElement, SourceKind } from './source-elements.js';
export type { ReadDocxOptions } from './normalize-read-docx-options.js';
