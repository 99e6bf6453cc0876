/**
 * The keys that open the header or footer of the page at the caret, in the document and in an
 * open part (from the header, Alt+Shift+F goes to the same page's footer). Word has none by
 * default; these are free in the browsers and the common screen readers (see docs/editor.md).
 */
export const PART_SHORTCUTS = { header: 'Alt-Shift-h', footer: 'Alt-Shift-f' } as const;
