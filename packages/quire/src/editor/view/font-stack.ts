import { wordFontClone } from '../../model/word-fonts.js';

// A font the table of src/model/word-fonts.ts does not know: Word's line height is taken as
// the middle of the known fonts', and the generic family as sans-serif.
const UNKNOWN_LINE_HEIGHT = 1.17;

/** Returns `text` as a CSS string (CSS Syntax Level 3, 4.3.5), quoted. */
export function cssString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot stand in a CSS string
  return `"${text.replace(/["\\]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}

/**
 * Returns the CSS family under which the editor's pages add the very font files the page layout
 * measures a document font with (editor/pages/page-fonts.ts): pages set text in them, whatever
 * the reader's computer has, so that the browser breaks lines where the layout and the PDF do.
 * The family exists only on a page showing pages; elsewhere the stack goes on to the next name.
 */
export function laidOutFamily(family: string): string {
  return `quire-laid-out ${family.trim().toLowerCase()}`;
}

/**
 * Returns the CSS `font-family` stack of a Word font, e.g. `"quire-laid-out calibri", "Calibri",
 * "Carlito", sans-serif`: the layout's files on pages (see {@link laidOutFamily}), the font's own
 * name (used when the reader's computer has it), then the metric-compatible open font that the
 * PDF writer embeds and the editor loads as a web font (src/editor/fonts/), then a generic family.
 */
export function fontStack(family: string): string {
  const name = family.trim();
  const clone = wordFontClone(name)?.openFont;
  const names = [cssString(laidOutFamily(name)), cssString(name)];
  if (clone && clone.family.toLowerCase() !== name.toLowerCase()) names.push(cssString(clone.family));
  names.push(clone?.generic ?? 'sans-serif');
  return names.join(', ');
}

/** Returns the height of a single-spaced line of `family` in ems. */
export function singleLineHeight(family: string): number {
  return wordFontClone(family)?.lineHeight ?? UNKNOWN_LINE_HEIGHT;
}
