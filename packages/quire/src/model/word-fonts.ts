/**
 * Word's common fonts and the open fonts that stand in for them. An open font here is
 * metric-compatible with the Word font it replaces (the same advance widths), so text set in it
 * breaks into lines where Word breaks it. The layout picks them (src/layout/font-catalog.ts) and
 * the PDF writer embeds them; the editor names them after the Word font in its CSS stacks
 * and loads them as web fonts where the Word font is missing (src/editor/fonts/). Pure data.
 */

/** An open font family that stands in for Word fonts, named as its Fontsource package (`@fontsource/<id>`). */
export type OpenFontId = 'carlito' | 'caladea' | 'arimo' | 'tinos' | 'cousine' | 'gelasio';

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
  gelasio: { id: 'gelasio', family: 'Gelasio', generic: 'serif' },
};

const CALIBRI: WordFontClone = { openFont: OPEN_FONTS.carlito, lineHeight: 1.22 };
const CAMBRIA: WordFontClone = { openFont: OPEN_FONTS.caladea, lineHeight: 1.17 };
const ARIAL: WordFontClone = { openFont: OPEN_FONTS.arimo, lineHeight: 1.15 };
const TIMES: WordFontClone = { openFont: OPEN_FONTS.tinos, lineHeight: 1.15 };
const COURIER: WordFontClone = { openFont: OPEN_FONTS.cousine, lineHeight: 1.13 };
// Gelasio has Georgia's advance widths, x-height and cap height, but taller ascent and descent
// (1900 + 700 units of 2048 against Georgia's 1878 + 449): lines keep Georgia's height.
const GEORGIA: WordFontClone = { openFont: OPEN_FONTS.gelasio, lineHeight: 1.14 };
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
  georgia: GEORGIA,
  gelasio: GEORGIA,
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

/** The class of a font, by which a font with no clone falls back: serif, sans serif or monospaced. */
export type FontClass = 'serif' | 'sans' | 'mono';

const CLASS_CLONES: Readonly<Record<FontClass, WordFontClone>> = { serif: TIMES, sans: CALIBRI, mono: COURIER };

// Well-known families of each class that have no clone, for documents whose font table does not
// say (Markdown, HTML, a DOCX without one). Names are lower case.
const KNOWN_SERIFS: ReadonlySet<string> = new Set([
  'garamond', 'eb garamond', 'adobe garamond pro', 'book antiqua', 'palatino', 'palatino linotype', 'century',
  'century schoolbook', 'bookman old style', 'baskerville', 'baskerville old face', 'libre baskerville', 'constantia',
  'didot', 'bodoni mt', 'goudy old style', 'minion pro', 'sabon', 'charter', 'perpetua', 'rockwell', 'californian fb',
  'high tower text', 'lucida bright', 'sylfaen', 'bell mt', 'calisto mt', 'centaur', 'cambria math', 'sitka text',
  'merriweather', 'lora', 'crimson text', 'charis sil', 'linux libertine', 'libertinus serif',
]);
const KNOWN_MONOS: ReadonlySet<string> = new Set([
  'lucida console', 'lucida sans typewriter', 'monaco', 'menlo', 'andale mono', 'inconsolata', 'source code pro',
  'fira code', 'fira mono', 'jetbrains mono', 'cascadia code', 'cascadia mono', 'ocr a extended', 'sf mono',
]);

/**
 * Returns the class of the font `family` names when its name tells: a well-known serif or
 * monospaced family, or a name that says `serif`, `mono`, `code` or `typewriter`; else null.
 */
export function fontClassOfName(family: string): FontClass | null {
  const key = family.trim().toLowerCase();
  if (KNOWN_MONOS.has(key) || /\b(mono|monospace|code|typewriter|console)\b/.test(key)) return 'mono';
  if (KNOWN_SERIFS.has(key) || (/\bserif\b/.test(key) && !/\bsans\b/.test(key))) return 'serif';
  return null;
}

/**
 * Returns the open font that stands in for `family`: its clone when it has one (see
 * {@link wordFontClone}), otherwise the clone of Word's usual font of its class, from `fontClass`
 * (what the document says of the font, e.g. its DOCX font table) or else from its name. A font
 * of unknown class falls back to Calibri's clone, Word's default body font.
 */
export function fallbackFontClone(family: string, fontClass: FontClass | null = null): WordFontClone {
  return wordFontClone(family) ?? CLASS_CLONES[fontClass ?? fontClassOfName(family) ?? 'sans'];
}
