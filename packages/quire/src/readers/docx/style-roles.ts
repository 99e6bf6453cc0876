import { headingLevelOfStyleName, normalizeStyleName } from '../../model/word-style-names.js';
import type { NoteKind } from './docx-context.js';
import type { StyleDefinition } from './read-styles.js';

/** What a paragraph is in the model, decided from its styles and outline level. */
export type ParagraphRole =
  | { readonly kind: 'heading'; readonly level: number }
  | { readonly kind: 'quote' }
  | { readonly kind: 'code' }
  | { readonly kind: 'body' };

const QUOTE_STYLES = new Set(['quote', 'intensequote', 'blocktext', 'blockquote', 'blockquotation', 'quotation', 'zitat']);
// Block Text is what the DOCX writer (like pandoc) gives a block quote of the model.
const PLAIN_QUOTE_STYLES = new Set(['blocktext']);
const CODE_PARAGRAPH_STYLES = new Set(['sourcecode', 'htmlpreformatted', 'preformattedtext', 'code', 'codeblock', 'plaintext']);
const CODE_CHARACTER_STYLES = new Set(['verbatimchar', 'htmlcode', 'htmlkeyboard', 'htmltypewriter', 'htmlsample', 'code', 'inlinecode', 'sourcetext']);
const HYPERLINK_STYLES = new Set(['hyperlink', 'followedhyperlink', 'internetlink', 'internetlinkchar']);
const LIST_PARAGRAPH_STYLES = new Set(['listparagraph', 'listbullet', 'listnumber', 'list', 'compact']);
const PAGE_FURNITURE_STYLES = new Set(['header', 'footer']);
const FOOTNOTE_TEXT_STYLES = new Set(['footnotetext']);
const ENDNOTE_TEXT_STYLES = new Set(['endnotetext']);
const NOTE_PARAGRAPH_STYLES = new Set([...FOOTNOTE_TEXT_STYLES, ...ENDNOTE_TEXT_STYLES, ...PAGE_FURNITURE_STYLES]);

function matches(style: StyleDefinition, names: ReadonlySet<string>): boolean {
  return names.has(normalizeStyleName(style.name)) || names.has(normalizeStyleName(style.id));
}

/**
 * Returns the role of a paragraph: a heading when its outline level (0 to 8, from its properties
 * with styles applied) says so, or when its style or an ancestor is a built-in heading style
 * (matched by name, localised names included); a quote or code block for the usual quote and
 * preformatted styles; body text otherwise. Levels past 6 become level-6 headings.
 */
export function classifyParagraph(chain: readonly StyleDefinition[], outlineLevel: number | undefined): ParagraphRole {
  if (outlineLevel !== undefined && outlineLevel <= 8) return { kind: 'heading', level: Math.min(6, outlineLevel + 1) };
  for (const style of chain) {
    const level = headingLevelOfStyleName(style.name) ?? headingLevelOfStyleName(style.id);
    if (level !== undefined) return { kind: 'heading', level: Math.min(6, level) };
    if (matches(style, QUOTE_STYLES)) return { kind: 'quote' };
    if (matches(style, CODE_PARAGRAPH_STYLES)) return { kind: 'code' };
  }
  return { kind: 'body' };
}

/** Returns true for a character style that marks inline code (pandoc's Verbatim Char, HTML Code...). */
export function isCodeCharacterStyle(chain: readonly StyleDefinition[]): boolean {
  return chain.some((style) => matches(style, CODE_CHARACTER_STYLES));
}

/** Returns true for the character style of hyperlinks, whose look the model's link mark already conveys. */
export function isHyperlinkCharacterStyle(chain: readonly StyleDefinition[]): boolean {
  return chain.some((style) => matches(style, HYPERLINK_STYLES));
}

/**
 * Returns true for the quote style that stands for the model's plain block quote (Block Text,
 * which the DOCX writer gives quotes): a paragraph in it keeps no `styleId`, so that a quote
 * written by Quire reads back as it was. Other quote styles (Quote, Intense Quote) are kept.
 */
export function isPlainQuoteStyle(style: StyleDefinition): boolean {
  return matches(style, PLAIN_QUOTE_STYLES);
}

/**
 * Returns true for the Header and Footer paragraph styles: a paragraph in one keeps its id, and the
 * style's look goes into the document's defaults, since nothing else in the model conveys it.
 */
export function isPageFurnitureStyle(style: StyleDefinition): boolean {
  return matches(style, PAGE_FURNITURE_STYLES);
}

/**
 * Returns the kind of note whose text style (Footnote Text, Endnote Text) `style` is, else
 * undefined: a note paragraph in it is relative to its look, which goes into the document's defaults.
 */
export function noteTextKind(style: StyleDefinition): NoteKind | undefined {
  if (matches(style, FOOTNOTE_TEXT_STYLES)) return 'footnote';
  return matches(style, ENDNOTE_TEXT_STYLES) ? 'endnote' : undefined;
}

/**
 * Returns true for paragraph styles whose formatting is the usual look of where the paragraph
 * stands (list paragraphs, footnote text, headers and footers): their formatting is not repeated
 * as marks and attributes, and their id is not kept.
 */
export function isContextParagraphStyle(style: StyleDefinition): boolean {
  return matches(style, LIST_PARAGRAPH_STYLES) || matches(style, NOTE_PARAGRAPH_STYLES);
}
