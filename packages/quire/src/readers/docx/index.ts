export { readDocx } from './read-docx.js';
export type { DocxReadResult } from './read-docx.js';
export type { DocxSources, SourceElement, SourceKind } from '../../model/docx-source-map.js';
export type { ReadDocxOptions } from './normalize-read-docx-options.js';
