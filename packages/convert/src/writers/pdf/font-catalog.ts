import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fallbackFontClone, type FontClass, type OpenFontId } from 'quire/model';
import { inRanges, normalizeRanges, sfntCoverage, type CodePointRanges } from './sfnt-coverage.js';
import { woffToSfnt } from './woff-to-sfnt.js';

/** One font file of a face: a Fontsource subset covering some Unicode ranges, or a whole face in one file. */
export interface FaceFile {
  /** Name under which the file is registered with pdfkit, unique per file: each registered file is embedded as its own subset. */
  readonly key: string;
  readonly path: string;
  /** The code points the file draws, sorted (see {@link inRanges}). */
  readonly ranges: CodePointRanges;
  /** Ascent, descent and line gap in ems to lay lines out with, when not the font's own (see {@link WORD_LINE_METRICS}). */
  readonly lineMetrics?: { readonly ascent: number; readonly descent: number; readonly gap: number };
}

/** Weight and slant of a run; the CJK and Arabic fallbacks have no italic, so they ignore `italic`. */
export interface FaceStyle {
  readonly bold: boolean;
  readonly italic: boolean;
}

/** A span of text and the font file that draws it. */
export interface FontSegment {
  readonly text: string;
  readonly file: FaceFile;
}

/** The open font families the writer embeds, named after their Fontsource packages: the Word fonts' clones and the fallbacks. */
export type FamilyId = OpenFontId | 'noto-sans-sc' | 'noto-sans-arabic';

/**
 * Families shipped as one font file per face instead of Fontsource's unicode-range files, with
 * their npm package and the file of each weight. Fontsource splits Noto Sans SC into about a
 * hundred files per face, and pdfkit embeds each registered file as a font of its own: Chinese
 * text spread over eight of them embedded eight subsets of the same face. One file per face is one
 * subset per face and document (docs/fonts.md, "One CJK font per face").
 */
const WHOLE_FACES: Partial<Readonly<Record<FamilyId, { readonly packageName: string; readonly files: Readonly<Record<400 | 700, string>> }>>> = {
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
const FALLBACK_CHAIN: readonly FamilyId[] = ['carlito', 'arimo', 'noto-sans-arabic', 'noto-sans-sc'];

/**
 * Fontsource subsets a fallback family lends characters from: Noto Sans Arabic also ships Latin,
 * math and symbol files, which must not take characters from the fonts after it.
 */
const FALLBACK_SUBSETS: Partial<Readonly<Record<FamilyId, string>>> = { 'noto-sans-arabic': 'noto-sans-arabic-arabic-' };

const JOINERS: ReadonlySet<number> = new Set([0x200c, 0x200d]);

/** Families without italic faces: their text is set upright. */
const UPRIGHT_ONLY: ReadonlySet<FamilyId> = new Set(['noto-sans-sc', 'noto-sans-arabic']);

/**
 * Vertical metrics of the Word fonts whose clones have the Word font's widths but not its ascent
 * and descent, in ems: lines set in the clone are as tall as Word's. Gelasio's are 1900 + 700
 * units of 2048, Georgia's 1878 + 449 (its hhea and OS/2 win values, no line gap).
 */
const WORD_LINE_METRICS: Partial<Readonly<Record<FamilyId, NonNullable<FaceFile['lineMetrics']>>>> = {
  gelasio: { ascent: 1878 / 2048, descent: 449 / 2048, gap: 0 },
};

/** Reads a font file's bytes; injected so that tests and bundlers can supply their own. */
export type ReadFontFile = (path: string) => Uint8Array;

/** Returns the folder of a family's package ({@link familyPackage}), or null when it is not installed. */
export type LocateFontFamily = (family: FamilyId) => string | null;

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

/**
 * Finds a family's package through @quire/fonts, which brings the font packages (hoisted or not),
 * so that only an install that writes PDF fetches the fonts.
 */
export function locateFamilyPackage(family: FamilyId): string | null {
  try {
    const fontsPackage = createRequire(import.meta.url).resolve('@quire/fonts/package.json');
    return dirname(createRequire(fontsPackage).resolve(`${familyPackage(family)}/package.json`));
  } catch {
    return null;
  }
}

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

// x-heights in ems, from each family's OS/2 table (units over units per em): lower-case letters look as large as their x-height.
const X_HEIGHTS: Readonly<Partial<Record<FamilyId, number>>> = {
  carlito: 978 / 2048,
  caladea: 467 / 1000,
  arimo: 1082 / 2048,
  tinos: 940 / 2048,
  cousine: 1082 / 2048,
  gelasio: 986 / 2048,
};

/**
 * Returns the size of inline code set among text of `family` at `size`: Cousine's x-height is
 * larger than Carlito's or Tinos's, so at the same size code looks larger than the words around
 * it; it is set so that its lower-case letters are as tall as theirs, never larger than `size`.
 */
export function inlineCodeSize(size: number, family: FamilyId): number {
  const own = X_HEIGHTS[family] ?? X_HEIGHTS.cousine!;
  return size * Math.min(1, own / X_HEIGHTS.cousine!);
}

/**
 * Font lookup over the font packages: parses each face's CSS `unicode-range`s (or, for a face in
 * one file, its `cmap`) once, on first use, and picks per character the first file (requested
 * family, then the fallback chain) covering it.
 */
export class FontCatalog {
  private readonly faces = new Map<string, FaceFile[]>();
  private readonly segmentCache = new Map<string, FontSegment[]>();
  private readonly loaded = new Map<string, Uint8Array>();

  constructor(
    private readonly readFont: ReadFontFile = (path) => readFileSync(path),
    private readonly locateFamily: LocateFontFamily = locateFamilyPackage,
  ) {}

  /** Returns the optional fallback families that are not installed, each with the text it draws. */
  unavailableFamilies(): (typeof OPTIONAL_FAMILIES)[number][] {
    return OPTIONAL_FAMILIES.filter(({ family }) => this.locateFamily(family) === null);
  }

  /** Returns the sfnt bytes of a font file, decompressed once and kept for later documents. */
  load(file: FaceFile): Uint8Array {
    let bytes = this.loaded.get(file.key);
    if (!bytes) {
      bytes = woffToSfnt(this.readFont(file.path));
      this.loaded.set(file.key, bytes);
    }
    return bytes;
  }

  /** Splits `text` into runs that each one font file draws; characters no font covers use the family's first file. */
  segment(text: string, family: FamilyId, style: FaceStyle): FontSegment[] {
    const cacheKey = `${family}|${style.bold ? 1 : 0}${style.italic ? 1 : 0}|${text}`;
    const cached = this.segmentCache.get(cacheKey);
    if (cached) return cached;
    const segments: FontSegment[] = [];
    let current: { text: string; file: FaceFile } | null = null;
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      // Joiners (U+200C, U+200D) stay with the letters around them, which the shaper joins or not.
      const file: FaceFile = current && JOINERS.has(codePoint) && findCovering([current.file], codePoint) ? current.file : this.fileFor(codePoint, family, style);
      if (current && current.file === file) current.text += char;
      else {
        if (current) segments.push(current);
        current = { text: char, file };
      }
    }
    if (current) segments.push(current);
    if (this.segmentCache.size < 20000) this.segmentCache.set(cacheKey, segments);
    return segments;
  }

  private fileFor(codePoint: number, family: FamilyId, style: FaceStyle): FaceFile {
    const own = this.face(family, style);
    const found = findCovering(own, codePoint);
    if (found) return found;
    for (const fallback of FALLBACK_CHAIN) {
      if (fallback === family) continue;
      const subset = FALLBACK_SUBSETS[fallback];
      const files = this.face(fallback, style).filter((file) => subset === undefined || file.key.startsWith(subset));
      const hit = findCovering(files, codePoint);
      if (hit) return hit;
    }
    // Controls and unassigned characters: draw with the family's first file (a .notdef box).
    return own[0]!;
  }

  private face(family: FamilyId, style: FaceStyle): FaceFile[] {
    const italic = style.italic && !UPRIGHT_ONLY.has(family);
    const weight: 400 | 700 = style.bold ? 700 : 400;
    const name = `${weight}${italic ? '-italic' : ''}.css`;
    const key = `${family}/${name}`;
    const known = this.faces.get(key);
    if (known) return known;
    const directory = this.locateFamily(family);
    if (directory === null) {
      if (OPTIONAL_FAMILIES.some((optional) => optional.family === family)) return [];
      throw new Error(FONTS_PACKAGE_MISSING);
    }
    const whole = WHOLE_FACES[family];
    const parsed = whole ? [this.wholeFace(family, join(directory, whole.files[weight]), weight)] : parseFontFaceCss(readFileSync(join(directory, name), 'utf8'), directory);
    const lineMetrics = WORD_LINE_METRICS[family];
    const files = lineMetrics ? parsed.map((file) => ({ ...file, lineMetrics })) : parsed;
    this.faces.set(key, files);
    return files;
  }

  /**
   * A face in one file: what it covers comes from its cmap. Its bytes are not kept here (Noto Sans
   * SC is 10 MB a face): a document whose characters only fall through to it without being drawn
   * by it (a symbol no font has) should not hold them; {@link load} reads them for drawing.
   */
  private wholeFace(family: FamilyId, path: string, weight: 400 | 700): FaceFile {
    return { key: `${family}-${weight}`, path, ranges: sfntCoverage(woffToSfnt(this.readFont(path))) };
  }
}

function findCovering(files: readonly FaceFile[], codePoint: number): FaceFile | undefined {
  return files.find((file) => inRanges(file.ranges, codePoint));
}

/** Returns the files and Unicode ranges of the `@font-face` rules of a Fontsource CSS file (WOFF sources). */
export function parseFontFaceCss(css: string, directory: string): FaceFile[] {
  const files: FaceFile[] = [];
  for (const rule of css.split('@font-face').slice(1)) {
    const src = /url\(\.\/files\/([^)]+\.woff)\)/.exec(rule);
    const range = /unicode-range:\s*([^;]+);/.exec(rule);
    if (!src?.[1] || !range?.[1]) continue;
    const ranges = normalizeRanges(
      range[1].split(',').map((part): [number, number] => {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        const start = Number.parseInt(from ?? '0', 16);
        return [start, to === undefined ? start : Number.parseInt(to, 16)];
      }),
    );
    files.push({ key: src[1].replace(/\.woff$/, ''), path: join(directory, 'files', src[1]), ranges });
  }
  return files;
}
