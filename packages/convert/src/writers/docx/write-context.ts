import type { HeadingNumbering } from './heading-numbering.js';
import type { ListNumbering, ListNumberingRef } from './list-numbering.js';
import type { NormalizedWriteDocxOptions } from './normalize-write-docx-options.js';

/** State shared by the whole document while it is written. */
export interface WriteContext {
  readonly options: NormalizedWriteDocxOptions;
  readonly numbering: ListNumbering;
  readonly headingNumbers: HeadingNumbering;
  /** Footnote ids of the model, mapped to the numeric ids of the footnotes part (from 1). */
  readonly footnoteIds: ReadonlyMap<string, number>;
  /** Width of the text area of the section being written, in twips: the widest a table or image may be. */
  readonly contentWidth: number;
}

/** The number a list item shows, given to the first paragraph written for it. */
export interface ItemNumbering {
  readonly numbering: ListNumberingRef;
  /** Left indent of the item's text in twips: its level's, plus the quotes around its list. */
  readonly textIndent: number;
  used: boolean;
}

/** Where a block sits: inside how many quotes, at which list level, in which part. */
export interface BlockScope {
  /** Quotes around the block in all. */
  readonly quoteDepth: number;
  /** Quotes around the block inside its innermost list item (all of them outside lists). */
  readonly innerQuoteDepth: number;
  /** Level of the innermost list (0-based), or -1 outside lists. */
  readonly listLevel: number;
  /** Left indent in twips of the innermost list item's text, 0 outside lists. */
  readonly textIndent: number;
  readonly item: ItemNumbering | null;
  /**
   * Whether the block is in a footnote: there only paragraphs may be written (the docx library's
   * notes hold paragraphs only), and a paragraph without a style of its own is in Footnote Text.
   */
  readonly inNote: boolean;
}

/** The scope of the body of a section. */
export const BODY_SCOPE: BlockScope = { quoteDepth: 0, innerQuoteDepth: 0, listLevel: -1, textIndent: 0, item: null, inNote: false };
