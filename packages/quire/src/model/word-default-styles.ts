import type { DocumentDefaults, ParagraphStyleLook, TextblockLook } from './document-defaults.js';
import type { Spacing } from './paragraph-attrs.js';

// Single spacing with nothing before or after: what a style that sets no spacing of its own means.
const SINGLE: Spacing = { before: 0, after: 0, line: 240, lineRule: 'auto' };

/** Word's Normal style in a new document: Calibri 11 pt, 8 pt after, lines of 1.08. */
const BODY: TextblockLook = { fontFamily: 'Calibri', fontSize: 11, bold: false, italic: false, color: null, spacing: { before: 0, after: 160, line: 259, lineRule: 'auto' } };

// Word's Heading 1 to 6 in a new document (Office theme): Calibri Light in the accent colours,
// 12 pt before the first level and 2 pt before the others, nothing after, level 4 in italics.
const HEADING_SIZES = [16, 13, 12, 11, 11, 11] as const;
const HEADING_COLORS = ['2F5496', '2F5496', '1F3763', '2F5496', '2F5496', '1F3763'] as const;
const HEADINGS: readonly TextblockLook[] = HEADING_SIZES.map((size, index) => ({
  fontFamily: 'Calibri Light',
  fontSize: size,
  bold: false,
  italic: index === 3,
  color: HEADING_COLORS[index]!,
  spacing: { before: index === 0 ? 240 : 40, after: 0, line: 259, lineRule: 'auto' },
}));

/**
 * The styles Quire gives a document without styles of its own (Markdown, HTML, a new document):
 * Word's built-in Normal, Heading 1 to 6, Title, Footnote Text and Hyperlink as a new Word
 * document has them, and for quotes and code the styles pandoc writes (its Block Text, a grey
 * bar rather than Word's boxed Block Text, and Source Code). The one table that the DOCX writer's
 * styles part, the editor's screen and the PDF writer all read, so that the three show such a
 * document alike.
 */
export const WORD_DEFAULT_STYLES = {
  body: BODY,
  /** Heading 1 to 6 (`headings[0]` is level 1); they also keep with the next paragraph and keep their lines together. */
  headings: HEADINGS,
  /** Title: Calibri Light 28 pt, single spacing, nothing after. */
  title: { ...BODY, fontFamily: 'Calibri Light', fontSize: 28, spacing: SINGLE } satisfies TextblockLook,
  /**
   * Block Text, the style of a block quote's paragraphs: indented half an inch on both sides, a
   * grey bar at the left (the mark by which a reader knows a quote) and grey text. Each nested
   * quote indents half an inch more.
   */
  quote: {
    ...BODY,
    color: '404040',
    align: null,
    indent: { left: 720, right: 720 },
    borders: { left: { style: 'single', width: 1.5, color: 'BFBFBF', space: 8 } },
  } satisfies ParagraphStyleLook,
  /** Source Code, the style of code blocks: Courier New 10 pt on a light grey ground, single spacing, 8 pt after. */
  code: { ...BODY, fontFamily: 'Courier New', fontSize: 10, spacing: { before: 0, after: 160, line: 240, lineRule: 'auto' } } satisfies TextblockLook,
  /** The ground of code blocks, `RRGGBB`. */
  codeShading: 'F6F8FA',
  /** Footnote Text: 10 pt, single spacing, nothing after. */
  note: { ...BODY, fontSize: 10, spacing: SINGLE } satisfies TextblockLook,
  /** Hyperlink: underlined text in this colour. */
  linkColor: '0563C1',
} as const;

/** {@link WORD_DEFAULT_STYLES} as the `defaults` of a document, for code that reads a document's looks. */
export const WORD_DEFAULT_DOCUMENT_DEFAULTS: DocumentDefaults = {
  body: WORD_DEFAULT_STYLES.body,
  headings: WORD_DEFAULT_STYLES.headings,
  notes: { footnote: WORD_DEFAULT_STYLES.note, endnote: WORD_DEFAULT_STYLES.note },
};
