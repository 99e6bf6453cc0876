/**
 * Elements that mark where a range starts or ends and show nothing themselves: bookmarks (links to
 * them keep their `#name`), proofing errors, editing permissions, comment anchors, and the ranges
 * of moves and custom XML. They may stand between blocks, between runs, and (from some
 * producers) inside runs; the reader adds no node for them wherever they are, and comment and
 * move ranges open and close review marks (see `readReviewMarker`).
 */
export const RANGE_MARKERS: ReadonlySet<string> = new Set([
  'w:bookmarkStart', 'w:bookmarkEnd', 'w:proofErr', 'w:permStart', 'w:permEnd', 'w:commentRangeStart',
  'w:commentRangeEnd', 'w:moveFromRangeStart', 'w:moveFromRangeEnd', 'w:moveToRangeStart', 'w:moveToRangeEnd',
  'w:customXmlInsRangeStart', 'w:customXmlInsRangeEnd', 'w:customXmlDelRangeStart', 'w:customXmlDelRangeEnd',
  'w:customXmlMoveFromRangeStart', 'w:customXmlMoveFromRangeEnd', 'w:customXmlMoveToRangeStart', 'w:customXmlMoveToRangeEnd',
]);
