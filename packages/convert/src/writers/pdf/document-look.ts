import type { Node } from 'prosemirror-model';
import { readDocumentDefaults } from 'quire/model';
import type { Alignment, Indentation, ParagraphBorders, ParagraphStyleLook, Spacing, TextblockLook } from 'quire/model';
import { resolveFamily } from './font-catalog.js';
import type { FontClasses } from './font-catalog.js';
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
  /** Borders of the style's paragraphs (`w:pBdr`); the layout draws the top and bottom ones. */
  readonly borders: ParagraphBorders | null;
}

/** The looks the layout starts from: body text, headings by level (1 to 6), and paragraph styles by id. */
export interface DocumentLook {
  readonly body: BlockLook;
  readonly headings: readonly BlockLook[];
  readonly styles: ReadonlyMap<string, StyleLook>;
  /** Note text: footnotes and endnotes (notes with ids `endnote-…`). */
  readonly notes: { readonly footnote: BlockLook; readonly endnote: BlockLook };
  /** The class of the document's fonts, by which a font without a clone falls back. */
  readonly fontClasses: FontClasses;
}

/** Word's Normal style when a document gives no defaults: 8 pt after, 1.08 lines. */
const WORD_BODY_SPACING: Spacing = { before: 0, after: 160, line: 259, lineRule: 'auto' };
/** Heading sizes in points by level, as in Word's built-in Heading 1..6 styles. */
const HEADING_SIZES = [16, 13, 12, 11, 11, 11] as const;
// Single spacing with nothing before or after: what a style that sets no spacing means.
const NO_SPACING: Spacing = { before: 0, after: 0, line: 240, lineRule: 'auto' };
const HEADING_LEVELS = 6;
/** Word's Footnote Text and Endnote Text styles when a document gives no styles: 10 pt, single spacing, nothing after. */
const WORD_NOTE: BlockLook = { style: { ...BODY_STYLE, size: 10 }, spacing: NO_SPACING };

/**
 * Returns the looks of a document: from the `defaults` attribute of its `doc` node when a reader
 * set one (DOCX), otherwise Word's default Normal and Heading styles in Calibri (Carlito).
 */
export function readDocumentLook(doc: Node): DocumentLook {
  const defaults = readDocumentDefaults(doc.attrs['defaults']);
  const fallbackHeading = (level: number): BlockLook => ({
    style: { ...BODY_STYLE, bold: true, size: HEADING_SIZES[level - 1] ?? 11, color: '1F3763' },
    spacing: { before: level === 1 ? 480 : 200, after: 80 },
  });
  if (!defaults) {
    return { body: { style: BODY_STYLE, spacing: WORD_BODY_SPACING }, headings: levels().map(fallbackHeading), styles: new Map(), notes: { footnote: WORD_NOTE, endnote: WORD_NOTE }, fontClasses: {} };
  }
  const fontClasses = defaults.fontClasses ?? {};
  const body = lookOf(defaults.body, BODY_STYLE, fontClasses);
  return {
    body,
    headings: levels().map((level) => {
      const look = defaults.headings[level - 1];
      return look ? lookOf(look, body.style, fontClasses) : fallbackHeading(level);
    }),
    styles: new Map(Object.entries(defaults.styles ?? {}).map(([id, look]) => [id, styleLookOf(look, body.style, fontClasses)])),
    // Notes whose paragraphs are in no note text style are relative to the body's look.
    notes: { footnote: noteLookOf(defaults.notes?.footnote, body, fontClasses), endnote: noteLookOf(defaults.notes?.endnote, body, fontClasses) },
    fontClasses,
  };
}

function styleLookOf(look: ParagraphStyleLook, base: TextStyle, fontClasses: FontClasses): StyleLook {
  return { ...lookOf(look, base, fontClasses), align: look.align ?? null, indent: look.indent ?? null, borders: look.borders ?? null };
}

function noteLookOf(look: TextblockLook | undefined, body: BlockLook, fontClasses: FontClasses): BlockLook {
  return typeof look === 'object' && look !== null ? lookOf(look, body.style, fontClasses) : body;
}

function levels(): number[] {
  return Array.from({ length: HEADING_LEVELS }, (_, index) => index + 1);
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
