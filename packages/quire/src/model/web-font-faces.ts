import { OPEN_FONTS, type OpenFont, type OpenFontId } from './word-fonts.js';

/** One web font file of an open font: a face (weight and slant) for one range of characters. */
export interface WebFontFace {
  /** The CSS family it is added under, e.g. `Carlito`. */
  readonly family: string;
  /** Its file name in dist/fonts/, as Fontsource names it, e.g. `carlito-latin-700-italic.woff2`. */
  readonly file: string;
  readonly weight: '400' | '700';
  readonly style: 'normal' | 'italic';
  /** The characters the file covers; the browser fetches it only for text that has some of them. */
  readonly unicodeRange: string;
  /** Full and PostScript names of the same face installed on a computer, tried before the file. */
  readonly localNames: readonly string[];
}

// Fontsource's (Google Fonts') Latin and Latin Extended subsets, the same for the six families.
// Latin covers Western European languages; Latin Extended adds Central European and other Latin
// letters. rollup.config.mjs copies these files from the @fontsource packages to dist/fonts/.
const SUBSETS = [
  {
    name: 'latin',
    unicodeRange: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    name: 'latin-ext',
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
] as const;

// Fontsource's Hebrew subset, which the Liberation designs (Arimo, Tinos, Cousine) have.
const HEBREW = { name: 'hebrew', unicodeRange: 'U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F' } as const;

/** The open fonts that draw Hebrew letters themselves; the PDF writer sets Hebrew in the others with Arimo's. */
const HAS_HEBREW: ReadonlySet<OpenFontId> = new Set(['arimo', 'tinos', 'cousine']);

// Noto Sans Arabic's Arabic subset (Fontsource), the PDF writer's fallback for Arabic-script letters.
const ARABIC_UNICODE_RANGE =
  'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC,' +
  'U+102E0-102FB,U+10E60-10E7E,U+10EC2-10EC4,U+10EFC-10EFF,U+1EE00-1EE03,U+1EE05-1EE1F,U+1EE21-1EE22,U+1EE24,U+1EE27,U+1EE29-1EE32,U+1EE34-1EE37,' +
  'U+1EE39,U+1EE3B,U+1EE42,U+1EE47,U+1EE49,U+1EE4B,U+1EE4D-1EE4F,U+1EE51-1EE52,U+1EE54,U+1EE57,U+1EE59,U+1EE5B,U+1EE5D,U+1EE5F,U+1EE61-1EE62,' +
  'U+1EE64,U+1EE67-1EE6A,U+1EE6C-1EE72,U+1EE74-1EE77,U+1EE79-1EE7C,U+1EE7E,U+1EE80-1EE89,U+1EE8B-1EE9B,U+1EEA1-1EEA3,U+1EEA5-1EEA9,U+1EEAB-1EEBB,U+1EEF0-1EEF1';

/**
 * Noto Sans Arabic's Arabic subset in a weight: its file name in dist/fonts/ and the characters it
 * covers. It has no italic: italic Arabic is set upright, as in the PDF.
 */
export function arabicSubset(weight: '400' | '700'): { readonly file: string; readonly unicodeRange: string } {
  return { file: `noto-sans-arabic-arabic-${weight}-normal.woff2`, unicodeRange: ARABIC_UNICODE_RANGE };
}

/** An installed font the editor's pages draw a script with, where no file of it is shipped. */
export interface LocalFontFace {
  readonly weight: '400' | '700';
  /** Full and PostScript names of the installed faces tried, in order. */
  readonly localNames: readonly string[];
  readonly unicodeRange: string;
}

// The blocks of Chinese and Japanese: CJK radicals, punctuation, kana, bopomofo, enclosed and
// compatibility characters, the unified ideographs (Extension A and B too) and fullwidth forms.
const CJK_UNICODE_RANGE = 'U+2E80-2FDF,U+2FF0-2FFF,U+3000-312F,U+3190-33FF,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FE10-FE1F,U+FE30-FE4F,U+FF00-FFEF,U+20000-2A6DF';

/**
 * Returns the faces of the CJK fallback (Noto Sans SC in the PDF) as the editor's pages find it
 * installed: Noto Sans SC, or Noto Sans CJK SC and Source Han Sans SC, the same design with the
 * same widths. Its files are 10 MB a face, too large to ship; every CJK font sets ideographs and
 * kana one em wide, as Noto Sans SC does, so a computer with another one still breaks lines alike.
 */
export function cjkLocalFaces(): LocalFontFace[] {
  return [
    { weight: '400', localNames: ['Noto Sans SC Regular', 'NotoSansSC-Regular', 'Noto Sans CJK SC Regular', 'NotoSansCJKsc-Regular', 'Source Han Sans SC Regular', 'SourceHanSansSC-Regular'], unicodeRange: CJK_UNICODE_RANGE },
    { weight: '700', localNames: ['Noto Sans SC Bold', 'NotoSansSC-Bold', 'Noto Sans CJK SC Bold', 'NotoSansCJKsc-Bold', 'Source Han Sans SC Bold', 'SourceHanSansSC-Bold'], unicodeRange: CJK_UNICODE_RANGE },
  ];
}

// The four faces Word draws (regular, bold, italic, bold italic) and how their fonts name them.
const STYLES = [
  { weight: '400', style: 'normal', fullName: '', postScriptName: 'Regular' },
  { weight: '700', style: 'normal', fullName: ' Bold', postScriptName: 'Bold' },
  { weight: '400', style: 'italic', fullName: ' Italic', postScriptName: 'Italic' },
  { weight: '700', style: 'italic', fullName: ' Bold Italic', postScriptName: 'BoldItalic' },
] as const;

/**
 * Returns the web font files of `font`: each of its four faces in Latin, Latin Extended and, for
 * the fonts that have it, Hebrew. A browser tries the faces of one family from the last added
 * back, so each face's files come in the reverse of the order the PDF writer tries them (its
 * Fontsource CSS: Hebrew, Latin Extended, Latin).
 */
export function webFontFaces(font: OpenFont): WebFontFace[] {
  const subsets = HAS_HEBREW.has(font.id) ? [...SUBSETS, HEBREW] : SUBSETS;
  return STYLES.flatMap((face) =>
    subsets.map((subset) => ({
      family: font.family,
      file: `${font.id}-${subset.name}-${face.weight}-${face.style}.woff2`,
      weight: face.weight,
      style: face.style,
      unicodeRange: subset.unicodeRange,
      localNames: [`${font.family}${face.fullName}`, `${font.family}-${face.postScriptName}`],
    })),
  );
}

/**
 * Returns the web font files that draw, in text set in `font`, the scripts it lacks, as the PDF
 * writer's fallback chain does (layout/font-families.ts): Arabic-script letters in Noto Sans
 * Arabic, and Hebrew in Arimo where `font` has no Hebrew of its own. They are added under `font`'s
 * family before its own files, which the browser then tries first, as the writer does.
 */
export function fallbackWebFontFaces(font: OpenFont): WebFontFace[] {
  const arabic = STYLES.map((face) => ({ family: font.family, ...arabicSubset(face.weight), weight: face.weight, style: face.style, localNames: [] }));
  if (HAS_HEBREW.has(font.id)) return arabic;
  const hebrew = webFontFaces(OPEN_FONTS.arimo).filter((face) => face.file.includes(`-${HEBREW.name}-`));
  return [...arabic, ...hebrew.map((face) => ({ ...face, family: font.family, localNames: [] }))];
}
