import type { Node } from 'prosemirror-model';
import { readDocumentDefaults, type TextblockLook } from '../../model/document-defaults.js';
import type { Spacing } from '../../model/paragraph-attrs.js';
import { twipsToPixels } from '../../model/units.js';
import { WORD_DEFAULT_STYLES } from '../../model/word-default-styles.js';
import { cssPixels } from './css-pixels.js';
import { fontStack, singleLineHeight } from './font-stack.js';
import { borderCss } from './table-borders.js';

/** The base formatting of a kind of textblock, as the editor shows it. */
export interface BlockLook {
  readonly family: string;
  /** Points. */
  readonly size: number;
  readonly bold: boolean;
  readonly italic: boolean;
  /** `RRGGBB`. */
  readonly color: string;
  readonly spacing: Spacing;
}

/** The looks a document's text starts from: body text and headings by level (`headings[0]` is level 1). */
export interface DocumentLook {
  readonly body: BlockLook;
  readonly headings: readonly BlockLook[];
}

const NO_SPACING: Spacing = { before: 0, after: 0, line: 240, lineRule: 'auto' };
// What a look that names no font or size falls back on before any style applies (style.css shows
// the same until a document's look is set): Calibri 11 pt, black.
const UNSTYLED: BlockLook = { family: 'Calibri', size: 11, bold: false, italic: false, color: '000000', spacing: NO_SPACING };
// Word's Normal style, the body of a document without styles of its own (Markdown, HTML, a new one).
const WORD_BODY = lookOf(WORD_DEFAULT_STYLES.body, UNSTYLED);

/**
 * Returns the looks of a document from the `defaults` of its `doc` node; a document without them,
 * and a heading level they leave out, gets Word's built-in styles (WORD_DEFAULT_STYLES), which the
 * PDF writer and the DOCX writer read too.
 */
export function readDocumentLook(doc: Node): DocumentLook {
  const defaults = readDocumentDefaults(doc.attrs['defaults']);
  const body = defaults ? lookOf(defaults.body, WORD_BODY) : WORD_BODY;
  const headings = WORD_DEFAULT_STYLES.headings.map((word, index) => lookOf(defaults?.headings[index] ?? word, body));
  return { body, headings };
}

/** Returns the look a {@link TextblockLook} of the document gives, with `base` where it says nothing. */
export function lookOf(look: TextblockLook, base: BlockLook): BlockLook {
  const size = typeof look.fontSize === 'number' && look.fontSize > 0 ? Math.min(look.fontSize, 400) : base.size;
  return {
    family: typeof look.fontFamily === 'string' && look.fontFamily.trim() !== '' ? look.fontFamily : base.family,
    size,
    bold: look.bold === true,
    italic: look.italic === true,
    color: typeof look.color === 'string' && /^[0-9A-Fa-f]{6}$/.test(look.color) ? look.color : '000000',
    spacing: { ...NO_SPACING, ...(look.spacing ?? {}) },
  };
}

/**
 * Returns the CSS `line-height` of a paragraph of `family` with `spacing` (ECMA-376 Part 1,
 * 17.3.1.33): `auto` lines are 240ths of the font's single line, `exact` and `atLeast` are twips.
 */
export function lineHeightOf(spacing: Spacing, family: string): string {
  const single = singleLineHeight(family);
  const line = spacing.line;
  if (typeof line !== 'number' || !(line > 0)) return String(single);
  if (spacing.lineRule === 'exact') return `${line / 20}pt`;
  if (spacing.lineRule === 'atLeast') return `max(${single}em, ${line / 20}pt)`;
  return String(Math.round(single * (line / 240) * 1000) / 1000);
}

/**
 * Sets the CSS custom properties that style.css reads for body text (`--quire-body-*`), headings
 * (`--quire-h1-*` to `--quire-h6-*`), block quotes (`--quire-quote-*`), code blocks
 * (`--quire-code-*`) and links (`--quire-link-color`) on `element`, through the CSSOM so that a
 * strict Content Security Policy allows them. Each editor sets its own, so editors on one page differ.
 */
export function applyDocumentLook(element: HTMLElement, look: DocumentLook): void {
  setLook(element, 'body', look.body);
  look.headings.forEach((heading, index) => setLook(element, `h${index + 1}`, heading));
  setWordStyleLooks(element);
}

// Quotes and code blocks without a style of their own look as Word's Block Text and Source Code
// (WORD_DEFAULT_STYLES) in every document, links as Word's Hyperlink: Word has no quote or code
// container, and the DOCX writer gives such blocks these styles. A quote's text keeps the body's
// font, as Block Text is based on Normal; only its colour, indents and bar are Block Text's.
function setWordStyleLooks(element: HTMLElement): void {
  const { quote, code, codeShading } = WORD_DEFAULT_STYLES;
  const set = (property: string, value: string) => element.style.setProperty(`--quire-${property}`, value);
  const bar = quote.borders.left;
  set('quote-color', `#${quote.color}`);
  set('quote-indent', cssPixels(quote.indent.left));
  set('quote-right', cssPixels(quote.indent.right));
  set('quote-bar', borderCss(bar));
  set('quote-bar-space', `${bar.space}pt`);
  set('quote-bar-room', `${bar.space + bar.width}pt`);
  set('code-font', fontStack(code.fontFamily));
  set('code-size', `${code.fontSize}pt`);
  set('code-line', lineHeightOf(code.spacing, code.fontFamily));
  set('code-after', cssPixels(code.spacing.after));
  set('code-ground', `#${codeShading}`);
  set('link-color', `#${WORD_DEFAULT_STYLES.linkColor}`);
}

function setLook(element: HTMLElement, name: string, look: BlockLook): void {
  const set = (property: string, value: string) => element.style.setProperty(`--quire-${name}-${property}`, value);
  set('font', fontStack(look.family));
  set('size', `${look.size}pt`);
  set('weight', look.bold ? '700' : '400');
  set('style', look.italic ? 'italic' : 'normal');
  set('color', `#${look.color}`);
  set('line', lineHeightOf(look.spacing, look.family));
  set('before', `${twipsToPixels(look.spacing.before ?? 0)}px`);
  set('after', `${twipsToPixels(look.spacing.after ?? 0)}px`);
}
