export { writePdf } from './write-pdf.js';
export type { WritePdfOptions } from './write-pdf.js';
export type { LayoutWarning as PdfWarning } from 'quire/layout';
export { FontCatalog } from './font-catalog.js';
export type { ReadFontFile } from './node-font-source.js';
