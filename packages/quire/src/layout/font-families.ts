import { FACE_METRICS, fallbackFontClone, type FontClass, type FontFamilyId } from '../model/index.js';

/** The open font families the writer embeds, named after their npm packages: the Word fonts' clones and the fallbacks. */
export type FamilyId = FontFamilyId;

/**
 * Families shipped as one font file per face instead of Fontsource's unicode-range files, with
 * their npm package and the file of each weight. Fontsource splits Noto Sans SC into about a
 * hundred files per face, and pdfkit embeds each registered file as a font of its own: Chinese
 * text spread over eight of them embedded eight subsets of the same face. One file per face is one
 * subset per face and document (docs/fonts.md, "One CJK font per face").
 */
export const WHOLE_FACES: Partial<Readonly<Record<FamilyId, { readonly packageName: string; readonly files: Readonly<Record<400 | 700, string>> }>>> = {
  'noto-sans-sc': {
    packageName: '@expo-google-fonts/noto-sans-sc',
    files: { 400: '400Regular/NotoSansSC_400Regular.ttf', 700: '700Bold/NotoSansSC_700Bold.ttf' },
  },
};

/** Returns the npm package that brings a family's font files. */
export function familyPackage(family: FamilyId): string {
  return WHOLE_FACES[family]?.packageName ?? `@fontsource/${family}`;
}

/**
 * Families tried, in order, for a character the requested family does not cover: Arimo brings
 * Hebrew, Noto Sans Arabic the Arabic script (Persian and Urdu letters too), Noto Sans SC Chinese and kana.
 */
export const FALLBACK_CHAIN: readonly FamilyId[] = ['carlito', 'arimo', 'noto-sans-arabic', 'noto-sans-sc'];

/**
 * Fontsource subsets a fallback family lends characters from: Noto Sans Arabic also ships Latin,
 * math and symbol files, which must not take characters from the fonts after it.
 */
export const FALLBACK_SUBSETS: Partial<Readonly<Record<FamilyId, string>>> = { 'noto-sans-arabic': 'noto-sans-arabic-arabic-' };

/** Families without italic faces: their text is set upright. */
export const UPRIGHT_ONLY: ReadonlySet<FamilyId> = new Set(['noto-sans-sc', 'noto-sans-arabic']);

/**
 * Fallback families that are optional peers of @quire/fonts (large: Noto Sans SC alone is 92 MB),
 * with the text that needs them, so that a PDF without them can say what to install ({@link familyPackage}).
 */
export const OPTIONAL_FAMILIES: readonly { readonly family: FamilyId; readonly script: RegExp; readonly text: string }[] = [
  { family: 'noto-sans-sc', script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, text: 'Chinese and Japanese' },
  { family: 'noto-sans-arabic', script: /\p{Script=Arabic}/u, text: 'Arabic-script' },
];

/** The error for a PDF written where @quire/fonts is not installed. */
export const FONTS_PACKAGE_MISSING = 'Writing PDF needs the fonts package @quire/fonts, which is not installed: run `npm install @quire/fonts`.';

/** The class of fonts by lower-case name, as the document describes them (see `DocumentDefaults.fontClasses`). */
export type FontClasses = Readonly<Record<string, FontClass>>;

/**
 * Returns the family id used for a model font family name: the metric-compatible clone of a Word
 * font (src/model/word-fonts.ts), else the clone of Word's usual font of its class (Tinos for a
 * serif such as Garamond, Cousine for a monospaced font), the class from `classes` or else from
 * the name; Carlito, Word's default body font, for `null` and fonts of unknown class.
 */
export function resolveFamily(name: string | null, classes: FontClasses = {}): FamilyId {
  if (name === null) return 'carlito';
  const key = name.trim().toLowerCase();
  return fallbackFontClone(name, Object.hasOwn(classes, key) ? classes[key] : null).openFont.id;
}

/** Returns the family id for monospaced text (code marks and code blocks). */
export function monospaceFamily(): FamilyId {
  return 'cousine';
}

/** Returns the x-height of a family's regular face in ems (its OS/2 table): lower-case letters look as large as their x-height. */
function xHeight(family: FamilyId): number {
  const { xHeight: units, unitsPerEm } = FACE_METRICS[`${family}/400`]!;
  return units / unitsPerEm;
}

/**
 * Returns the size of inline code set among text of `family` at `size`: Cousine's x-height is
 * larger than Carlito's or Tinos's, so at the same size code looks larger than the words around
 * it; it is set so that its lower-case letters are as tall as theirs, never larger than `size`.
 */
export function inlineCodeSize(size: number, family: FamilyId): number {
  return size * Math.min(1, xHeight(family) / xHeight(monospaceFamily()));
}
