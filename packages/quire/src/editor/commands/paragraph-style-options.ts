import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';

/** A paragraph style the editor offers: an id, the name people see, and what it makes of a paragraph. */
export type ParagraphStyleOption = Pick<ParagraphStyleInfo, 'id' | 'name' | 'isDefault' | 'headingLevel'>;

// Word's built-in style ids and names, offered for documents without styles of their own.
const BUILT_IN: readonly ParagraphStyleOption[] = Object.freeze([
  Object.freeze({ id: 'Normal', name: 'Normal', isDefault: true, headingLevel: null }),
  ...[1, 2, 3, 4, 5, 6].map((level) => Object.freeze({ id: `Heading${level}`, name: `Heading ${level}`, isDefault: false, headingLevel: level })),
]);

/**
 * Returns the paragraph styles to offer for a document: its own (see `readParagraphStyles`), with
 * Normal first when the document does not define its default style, or Normal and Heading 1 to 6
 * for a document without styles (Markdown, HTML, new). The list is frozen: callers share it.
 */
export function paragraphStyleOptions(styles: readonly ParagraphStyleInfo[]): readonly ParagraphStyleOption[] {
  if (styles.length === 0) return BUILT_IN;
  const own = styles.map(({ id, name, isDefault, headingLevel }) => Object.freeze({ id, name, isDefault, headingLevel }));
  // Paragraphs without a style id are in the default style, which the menu must offer even when the styles part does not define it.
  return Object.freeze(own.some((style) => style.isDefault) ? own : [BUILT_IN[0]!, ...own.filter((style) => style.id !== BUILT_IN[0]!.id)]);
}
