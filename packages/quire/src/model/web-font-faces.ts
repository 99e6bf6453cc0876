import type { OpenFont } from './word-fonts.js';

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

// The four faces Word draws (regular, bold, italic, bold italic) and how their fonts name them.
const STYLES = [
  { weight: '400', style: 'normal', fullName: '', postScriptName: 'Regular' },
  { weight: '700', style: 'normal', fullName: ' Bold', postScriptName: 'Bold' },
  { weight: '400', style: 'italic', fullName: ' Italic', postScriptName: 'Italic' },
  { weight: '700', style: 'italic', fullName: ' Bold Italic', postScriptName: 'BoldItalic' },
] as const;

/** Returns the web font files of `font`: each of its four faces in each subset. */
export function webFontFaces(font: OpenFont): WebFontFace[] {
  return STYLES.flatMap((face) =>
    SUBSETS.map((subset) => ({
      family: font.family,
      file: `${font.id}-${subset.name}-${face.weight}-${face.style}.woff2`,
      weight: face.weight,
      style: face.style,
      unicodeRange: subset.unicodeRange,
      localNames: [`${font.family}${face.fullName}`, `${font.family}-${face.postScriptName}`],
    })),
  );
}
