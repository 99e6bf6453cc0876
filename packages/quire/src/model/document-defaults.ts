import type { BorderLine } from './nodes/table-nodes.js';
import type { Alignment, Indentation, Spacing } from './paragraph-attrs.js';
import type { FontClass } from './word-fonts.js';

/**
 * The look of a kind of textblock as the document's styles give it: the formatting its text has
 * when no mark or attribute says otherwise. `null` values mean "the writer's default".
 */
export interface TextblockLook {
  /** Font family name as the document names it, e.g. `Arial`. */
  readonly fontFamily: string | null;
  /** Font size in points. */
  readonly fontSize: number | null;
  readonly bold: boolean;
  readonly italic: boolean;
  /** `RRGGBB`, or null for automatic (black). */
  readonly color: string | null;
  /** Paragraph spacing; a missing `before` or `after` is zero, a missing `line` single spacing. */
  readonly spacing: Spacing | null;
}

/** A border line of a paragraph and its distance from the text (`w:pBdr`, ECMA-376 Part 1, 17.3.1.24). */
export interface ParagraphBorder extends BorderLine {
  /** Points between the line and the text. */
  readonly space: number;
}

/** The borders of a paragraph, by side. */
export interface ParagraphBorders {
  readonly top?: ParagraphBorder;
  readonly right?: ParagraphBorder;
  readonly bottom?: ParagraphBorder;
  readonly left?: ParagraphBorder;
}

/** The look of a paragraph style: its text's look, and its alignment, indentation and borders (null: none). */
export interface ParagraphStyleLook extends TextblockLook {
  readonly align: Alignment | null;
  readonly indent: Indentation | null;
  readonly borders: ParagraphBorders | null;
}

/** The look of footnote and endnote text (endnotes are `footnote` nodes with ids `endnote-…`), by kind. */
export interface NoteLooks {
  readonly footnote?: TextblockLook;
  readonly endnote?: TextblockLook;
}

/**
 * The document's default formatting (the `defaults` attribute of `doc`): the look of body
 * paragraphs (document defaults and default paragraph style, ECMA-376 Part 1, 17.7.2), of
 * headings by level (`headings[0]` is level 1), and of the styles whose look a paragraph's
 * attributes and marks are relative to while it keeps the style's id as its `styleId` (quote
 * styles such as Quote and Intense Quote, the Header and Footer styles), by style id. Readers of
 * formats without styles leave it null.
 */
export interface DocumentDefaults {
  readonly body: TextblockLook;
  readonly headings: readonly (TextblockLook | null)[];
  /** Absent when no paragraph is relative to a style of its own. */
  readonly styles?: Readonly<Record<string, ParagraphStyleLook>>;
  /**
   * The look of note text (Footnote Text and Endnote Text styles), which the formatting of the
   * paragraphs of `footnote` nodes in that style is relative to; absent when no note uses one.
   */
  readonly notes?: NoteLooks;
  /**
   * The class of the fonts the document describes (a DOCX's font table), by lower-case family
   * name, for fonts without a clone to fall back by (see `fallbackFontClone`); absent when none.
   */
  readonly fontClasses?: Readonly<Record<string, FontClass>>;
}

/**
 * Returns the `defaults` attribute of a `doc` node when it has the shape of {@link DocumentDefaults},
 * otherwise null; `styles` that are not an object of looks are left out.
 */
export function readDocumentDefaults(value: unknown): DocumentDefaults | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<DocumentDefaults>;
  if (typeof candidate.body !== 'object' || candidate.body === null || !Array.isArray(candidate.headings)) return null;
  const styles: unknown = candidate.styles;
  if (styles === undefined || (typeof styles === 'object' && styles !== null && !Array.isArray(styles))) return candidate as DocumentDefaults;
  return { body: candidate.body, headings: candidate.headings };
}
