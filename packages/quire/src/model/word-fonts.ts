/**
 * Word's common fonts and the open fonts that stand in for them. An open font here is
 * metric-compatible with the Word font it replaces (the same advance widths), so text set in it
 * breaks into lines where Word breaks it. The PDF writer embeds these fonts
 * (src/writers/pdf/font-catalog.ts); the editor names them after the Word font in its CSS stacks
 * and loads them as web fonts where the Word font is missing (src/editor/fonts/). Pure data.
 */

/** An open font family that stands in for Word fonts, named as its Fontsource package (`@fontsource/<id>`). */
export type OpenFontId = 'carlito' | 'caladea' | 'arimo' | 'tinos' | 'cousine';

/** An open font family and how to show it. */
export interface OpenFont {
  readonly id: OpenFontId;
  /** Its CSS family name, e.g. `Carlito`. */
  readonly family: string;
  /** The generic CSS family closest to it, the last resort of a font stack. */
  readonly generic: 'sans-serif' | 'serif' | 'monospace';
}

/** The open font standing in for a Word font. */
export interface WordFontClone {
  readonly openFont: OpenFont;
  /**
   * Height of a single-spaced line of the Word font in ems (ascent + descent + line gap of its
   * metrics), which Word multiplies for `auto` line spacing (ECMA-376 Part 1, 17.3.1.33).
   */
  readonly lineHeight: number;
}

/** The open fonts, by id. */
export const OPEN_FONTS: Readonly<Record<OpenFontId, OpenFont>> = {
  carlito: { id: 'carlito', family: 'Carlito', generic: 'sans-serif' },
  caladea: { id: 'caladea', family: 'Caladea', generic: 'serif' },
  arimo: { id: 'arimo', family: 'Arimo', generic: 'sans-serif' },
  tinos: { id: 'tinos', family: 'Tinos', generic: 'serif' },
  cousine: { id: 'cousine', family: 'Cousine', generic: 'monospace' },
};

const CALIBRI: WordFontClone = { openFont: OPEN_FONTS.carlito, lineHeight: 1.22 };
const CAMBRIA: WordFontClone = { openFont: OPEN_FONTS.caladea, lineHeight: 1.17 };
const ARIAL: WordFontClone = { openFont: OPEN_FONTS.arimo, lineHeight: 1.15 };
const TIMES: WordFontClone = { openFont: OPEN_FONTS.tinos, lineHeight: 1.15 };
const COURIER: WordFontClone = { openFont: OPEN_FONTS.cousine, lineHeight: 1.13 };
// Aptos (Office's default since 2023) has no metric-compatible open clone; Arimo's widths are
// nearer to it than Carlito's. Its lines keep Aptos's own height.
const APTOS: WordFontClone = { openFont: OPEN_FONTS.arimo, lineHeight: 1.22 };

/** Word font names (lower case) and their clones; the clones' own names map to themselves. */
const WORD_FONTS: Readonly<Record<string, WordFontClone>> = {
  calibri: CALIBRI,
  'calibri light': CALIBRI,
  carlito: CALIBRI,
  cambria: CAMBRIA,
  caladea: CAMBRIA,
  arial: ARIAL,
  helvetica: ARIAL,
  'liberation sans': ARIAL,
  arimo: ARIAL,
  aptos: APTOS,
  'aptos display': APTOS,
  'times new roman': TIMES,
  times: TIMES,
  'liberation serif': TIMES,
  tinos: TIMES,
  georgia: TIMES,
  'courier new': COURIER,
  courier: COURIER,
  consolas: COURIER,
  'liberation mono': COURIER,
  cousine: COURIER,
  monospace: COURIER,
};

/**
 * Returns the open font that stands in for the font `family` names (case and surrounding white
 * space ignored), or null for a font the table does not know.
 */
export function wordFontClone(family: string): WordFontClone | null {
  const key = family.trim().toLowerCase();
  return Object.hasOwn(WORD_FONTS, key) ? WORD_FONTS[key]! : null;
}
