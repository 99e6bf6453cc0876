/**
 * How writers show the header row of a table that names no style of its own (`styleId` null): the
 * first row, when it is a header row, in bold on a light grey background unless its cells have
 * their own. The DOCX writer puts it in its default table style's first-row look and the PDF writer
 * paints it, so that the two agree.
 */
export const DEFAULT_TABLE_HEADER_LOOK = { bold: true, background: 'F2F2F2' } as const;
