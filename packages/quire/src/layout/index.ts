// quire/layout: pages from a model document, the same in Node and in a browser. The layout
// measures text through a TextMeasurer and finds fonts through a FontCatalog over a FontSource;
// it draws nothing itself, and hands each page's paint operations to a painter (the PDF writer
// of @quire/convert, the editor's pages).
export { layoutDocument } from './layout-document.js';
export type { LaidOutDocument, LayoutOptions } from './layout-document.js';
export { LayoutCache } from './layout-cache.js';
export type { LaidOutPage, MarkupArea, OutlineEntry, PageGeometry } from './paginate.js';
export { COMMENT_MARGIN_WIDTH, placeCommentMargins } from './comment-margin.js';
export type { PaintOp, PaintTarget } from './paint-op.js';
export { paintPageElement } from './paint-dom.js';
export type { PaintPageOptions } from './paint-dom.js';
export type { LayoutWarning } from './layout-context.js';
export type { DecorationMetrics, LineMetrics, TextMeasurer } from './text-measurer.js';
export { FontCatalog, parseFontFaceCss, parseUnicodeRange } from './font-catalog.js';
export type { FaceFile, FaceStyle, FontFile, FontSegment, FontSource } from './font-catalog.js';
export { FONTS_PACKAGE_MISSING, OPTIONAL_FAMILIES, WHOLE_FACES, familyPackage, resolveFamily } from './font-families.js';
export type { FamilyId, FontClasses } from './font-families.js';
export { readDocumentLook } from './document-look.js';
export type { DocumentLook } from './document-look.js';
export { hasRtlText } from './bidi-order.js';
export { sfntCoverage } from './sfnt-coverage.js';
export type { CodePointRanges } from './sfnt-coverage.js';
export { CanvasTextMeasurer, fileFamily, MEASURE_SIZE } from './browser/canvas-text-measurer.js';
export type { CanvasEnvironment } from './browser/canvas-text-measurer.js';
export { webFontSource } from './browser/web-font-source.js';
