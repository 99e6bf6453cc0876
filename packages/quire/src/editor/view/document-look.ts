import type { Node } from 'prosemirror-model';
import { readDocumentDefaults, type TextblockLook } from '../../model/document-defaults.js';
import type { Spacing } from '../../model/paragraph-attrs.js';
import { twipsToPixels } from '../../model/units.js';
import { DEFAULT_FONT_FAMILY, fontStack, singleLineHeight } from './font-stack.js';

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

// Word's Normal and Heading styles when a document has none (Markdown, HTML, a new document): the
// same defaults as the PDF writer's document look (@quire/convert, src/writers/pdf/document-look.ts).
const WORD_BODY: BlockLook = { family: DEFAULT_FONT_FAMILY, size: 11, bold: false, italic: false, color: '000000', spacing: { before: 0, after: 160, line: 259, lineRule: 'auto' } };
const HEADING_SIZES = [16, 13, 12, 11, 11, 11] as const;
const NO_SPACING: Spacing = { before: 0, after: 0, line: 240, lineRule: 'auto' };

/** Returns the looks of a document from the `defaults` of its `doc` node, else Word's defaults. */
export function readDocumentLook(doc: Node): DocumentLook {
  const defaults = readDocumentDefaults(doc.attrs['defaults']);
  const body = defaults ? lookOf(defaults.body, WORD_BODY) : WORD_BODY;
  const headings = HEADING_SIZES.map((size, index): BlockLook => {
    const look = defaults?.headings[index];
    if (look) return lookOf(look, body);
    return { ...body, bold: true, italic: false, size, color: '1F3763', spacing: { ...NO_SPACING, before: index === 0 ? 480 : 200, after: 80 } };
  });
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
 * Sets the CSS custom properties that style.css reads for body text (`--quire-body-*`) and
 * headings (`--quire-h1-*` to `--quire-h6-*`) on `element`, through the CSSOM so that a strict
 * Content Security Policy allows them. Each editor sets its own, so editors on one page differ.
 */
export function applyDocumentLook(element: HTMLElement, look: DocumentLook): void {
  setLook(element, 'body', look.body);
  look.headings.forEach((heading, index) => setLook(element, `h${index + 1}`, heading));
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
