export { schema } from './schema.js';
export { extractText } from './extract-text.js';
export { hasDeletion, isDeletedText } from './review/deleted-text.js';
export { AUTHOR_COLOURS, authorColour, authorColourSlot, AUTHOR_COLOUR_SLOTS, AuthorColourSlots, documentAuthors } from './review/author-colour.js';
export { isLeftOutInMarkup, isReviewMarkup, isRowLeftOutInMarkup, isShownInMarkup, REVIEW_MARKUPS } from './review/review-markup.js';
export type { ReviewMarkup } from './review/review-markup.js';
export type { TrackedChangeAttrs } from './marks/review-marks.js';
export type { ListFormat, ParagraphFormat, ParagraphFormatChange, RunFormatChange, StoredMark } from './review/format-change.js';
export { EMPTY_REVIEW } from './review/document-review.js';
export type { DocumentReview, ReviewComment, ReviewPerson } from './review/document-review.js';
export { DocumentBuilder } from './document-builder.js';
export type { ContainerName, DocumentBuilderOptions, TextblockName } from './document-builder.js';
export { collapseWhitespace } from './collapse-whitespace.js';
export { fitContainer, toBlocks } from './fit-content.js';
export type { TextblockFactory } from './fit-content.js';
export { createWarningLog } from './read-result.js';
export type { ReaderWarning, ReaderWarningCode, ReadResult, WarningLog } from './read-result.js';
export { DEFAULT_READER_LIMITS, normalizeReaderLimits } from './reader-limits.js';
export type { ReaderLimits } from './reader-limits.js';
export { decodeDataUriImage, isDataUri, readDataUriImageType } from './data-uri.js';
export type { DataImage, EmbeddableImageType } from './data-uri.js';
export { readImageSize } from './image-size.js';
export type { ImageSize } from './image-size.js';
export { readDocumentDefaults } from './document-defaults.js';
export type { DocumentDefaults, NoteLooks, ParagraphBorder, ParagraphBorders, ParagraphStyleLook, TextblockLook } from './document-defaults.js';
export { CONTOUR_SPAN, readImageFloat } from './image-float.js';
export type { ImageFloat, ImageWrap, WrapContour, WrapDistance, WrapText } from './image-float.js';
export { anchorPageLeft, anchorPageTop, standsOnPage } from './anchor-page-position.js';
export type { AnchorPage } from './anchor-page-position.js';
export type { Alignment, Indentation, ParagraphAttrs, Spacing } from './paragraph-attrs.js';
export { AUTO_SPACING, paragraphAttrSpecs, spaceAfter, spaceBefore } from './paragraph-attrs.js';
export { DEFAULT_MARGINS, PAPER_SIZES } from './section-types.js';
export { readSectionPage } from './section-page.js';
export type { SectionPage } from './section-page.js';
export type {
  HeaderFooterKind,
  HeaderFooterVariant,
  Orientation,
  PageMargins,
  PageSize,
  PaperSize,
  SectionAttrs,
  SectionColumns,
} from './section-types.js';
export type { ListNumberFormat } from './nodes/list-nodes.js';
export type { BorderLine, Borders, TableCellAttrs } from './nodes/table-nodes.js';
export type { OpaqueAttrs, OpaqueFormat } from './nodes/opaque-nodes.js';
export type { UnderlineStyle } from './marks/format-marks.js';
export { pixelsToTwips, pointsToTwips, twipsToPixels, TWIPS_PER_INCH, TWIPS_PER_PIXEL, TWIPS_PER_POINT } from './units.js';
export type { Twips } from './units.js';
export * as build from './builders.js';
export { sourceIdAttrSpec } from './source-id-attr.js';
export { formatListMarker, formatListNumber } from './format-list-number.js';
export { DEFAULT_TAB_INTERVAL, LEADER_CHARACTERS, decimalSplit, nextTabStop, readTabStops, tabWidth } from './tab-stops.js';
export type { TabAlignment, TabLeader, TabStop } from './tab-stops.js';
export { DEFAULT_TABLE_HEADER_LOOK } from './table-header-look.js';
export { OPEN_FONTS, fallbackFontClone, wordFontClone } from './word-fonts.js';
export type { FontClass, OpenFont, OpenFontId, WordFontClone } from './word-fonts.js';
export { decorationMetricsOf, FACE_METRICS, faceKey, faceLineMetrics, faceUnitMetrics, fileDecorationMetrics, fileLineMetrics, lineMetricsOf, WORD_LINE_METRICS } from './face-metrics.js';
export type { FaceDecorationMetrics, FaceId, FaceLineMetrics, FaceOfFile, FontFamilyId, FontUnitMetrics } from './face-metrics.js';
export { WORD_DEFAULT_DOCUMENT_DEFAULTS, WORD_DEFAULT_STYLES } from './word-default-styles.js';
