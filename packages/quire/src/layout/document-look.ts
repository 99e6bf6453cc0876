import type { Node } from 'prosemirror-model';
import { readDocumentDefaults, WORD_DEFAULT_DOCUMENT_DEFAULTS, WORD_DEFAULT_STYLES } from '../model/index.js';
import type { Alignment, Indentation, ParagraphBorders, ParagraphStyleLook, Spacing, TextblockLook } from '../model/index.js';
import { resolveFamily } from './font-families.js';
import type { FontClasses } from './font-families.js';
import { BODY_STYLE } from './text-style.js';
import type { TextStyle } from './text-style.js';

/** The base text style and spacing of a kind of textblock. */
export interface BlockLook {
  readonly style: TextStyle;
  readonly spacing: Spacing;
}

/** The look of a paragraph style that paragraphs keep as their `styleId` (quote, header and footer styles). */
export interface StyleLook extends BlockLook {
  readonly align: Alignment | null;
  readonly indent: Indentation | null;
  /** Borders of the style's paragraphs (`w:pBdr`). */
  readonly borders: ParagraphBorders | null;
}

/** The looks the layout starts from: body text, headings by level (1 to 6), and paragraph styles by id. */
export interface DocumentLook {
  readonly body: BlockLook;
  readonly headings: readonly BlockLook[];
  readonly styles: ReadonlyMap<string, StyleLook>;
  /** Note text: footnotes and endnotes (notes with ids `endnote-…`). */
  readonly notes: { readonly footnote: BlockLook; readonly endnote: BlockLook };
  /** Block Text: the look of a paragraph directly in a block quote that has no style of its own. */
  readonly quote: StyleLook;
  /** Source Code: the look of code blocks, and their ground (`RRGGBB`). */
  readonly code: BlockLook & { readonly shading: string };
  /** The class of the document's fonts, by which a font without a clone falls back. */
  readonly fontClasses: FontClasses;
}

// Single spacing with nothing before or after: what a style that sets no spacing means.
const NO_SPACING: Spacing = { before: 0, after: 0, line: 240, lineRule: 'auto' };

/**
 * Returns the looks of a document: from the `defaults` attribute of its `doc` node when a reader
 * set one (DOCX), otherwise Word's built-in styles (WORD_DEFAULT_STYLES, which the editor and the
 * DOCX writer read too); a heading level the defaults leave out gets Word's built-in look as well.
 * Quotes and code blocks without a style of their own look as Word's Block Text and Source Code in
 * every document.
 */
export function readDocumentLook(doc: Node): DocumentLook {
  const defaults = readDocumentDefaults(doc.attrs['defaults']) ?? WORD_DEFAULT_DOCUMENT_DEFAULTS;
  const fontClasses = defaults.fontClasses ?? {};
  const body = lookOf(defaults.body, BODY_STYLE, fontClasses);
  const { quote, code, codeShading } = WORD_DEFAULT_STYLES;
  return {
    body,
    headings: WORD_DEFAULT_STYLES.headings.map((word, index) => lookOf(defaults.headings[index] ?? word, body.style, fontClasses)),
    styles: new Map(Object.entries(defaults.styles ?? {}).map(([id, look]) => [id, styleLookOf(look, body.style, fontClasses)])),
    // Notes whose paragraphs are in no note text style are relative to the body's look.
    notes: { footnote: noteLookOf(defaults.notes?.footnote, body, fontClasses), endnote: noteLookOf(defaults.notes?.endnote, body, fontClasses) },
    // Block Text is based on Normal: the document's body text in Block Text's colour, indents and bar.
    quote: styleLookOf({ ...defaults.body, color: quote.color, align: quote.align, indent: quote.indent, borders: quote.borders }, body.style, fontClasses),
    code: { ...lookOf(code, body.style, fontClasses), shading: codeShading },
    fontClasses,
  };
}

function styleLookOf(look: ParagraphStyleLook, base: TextStyle, fontClasses: FontClasses): StyleLook {
  return { ...lookOf(look, base, fontClasses), align: look.align ?? null, indent: look.indent ?? null, borders: look.borders ?? null };
}

function noteLookOf(look: TextblockLook | undefined, body: BlockLook, fontClasses: FontClasses): BlockLook {
  return typeof look === 'object' && look !== null ? lookOf(look, body.style, fontClasses) : body;
}

function lookOf(look: TextblockLook, base: TextStyle, fontClasses: FontClasses): BlockLook {
  const size = typeof look.fontSize === 'number' && look.fontSize > 0 ? Math.min(look.fontSize, 400) : base.size;
  const color = typeof look.color === 'string' && /^[0-9A-Fa-f]{6}$/.test(look.color) ? look.color.toUpperCase() : '000000';
  return {
    style: {
      ...base,
      family: typeof look.fontFamily === 'string' ? resolveFamily(look.fontFamily, fontClasses) : base.family,
      size,
      bold: look.bold === true,
      italic: look.italic === true,
      color,
    },
    spacing: { ...NO_SPACING, ...(look.spacing ?? {}) },
  };
}
