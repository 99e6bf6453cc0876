export { writePdf } from './write-pdf.js';
export type { WritePdfOptions } from './write-pdf.js';
export type { PdfWarning } from './layout-context.js';
export { FontCatalog } from './font-catalog.js';
export type { ReadFontFile } from './font-catalog.js';
