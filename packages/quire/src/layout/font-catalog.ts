import { WORD_LINE_METRICS, faceKey, type FaceId, type FaceLineMetrics } from '../model/index.js';
import { FALLBACK_CHAIN, FALLBACK_SUBSETS, FONTS_PACKAGE_MISSING, OPTIONAL_FAMILIES, UPRIGHT_ONLY, type FamilyId } from './font-families.js';
import { inRanges, normalizeRanges, type CodePointRanges } from './sfnt-coverage.js';

/** One font file as a {@link FontSource} finds it: a Fontsource subset covering some Unicode ranges, or a whole face in one file. */
export interface FontFile {
  /** Name under which the file is registered with pdfkit, unique per file: each registered file is embedded as its own subset. */
  readonly key: string;
  /** Where the file's bytes are, in terms its {@link FontSource} understands (a file path in Node, a URL in a browser). */
  readonly path: string;
  /** The code points the file draws, sorted (see {@link inRanges}). */
  readonly ranges: CodePointRanges;
  /**
   * Names of an installed font that draws these characters in a browser where no file is shipped
   * for them (the CJK fallback, 10 MB a face): `path` is then empty, and a computer without any of
   * them measures and shows the characters in its own fallback font.
   */
  readonly localNames?: readonly string[];
}

/** A font file of a face, as the catalog hands it to layout. */
export interface FaceFile extends FontFile {
  /** The face the file belongs to, whose metrics `FACE_METRICS` (quire/model) holds. */
  readonly face: FaceId;
  /** Ascent, descent and line gap in ems to lay lines out with, when not the font's own (see `WORD_LINE_METRICS`). */
  readonly lineMetrics?: FaceLineMetrics;
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

/**
 * Where a {@link FontCatalog} gets fonts: which families are there, the files of a face and
 * their bytes. The Node source reads the font packages (node-font-source.ts); a browser's fetches
 * or bundles the same files.
 */
export interface FontSource {
  /** Returns whether a family's files are there; asked without reading them, for every document. */
  hasFamily(family: FamilyId): boolean;
  /** Returns the files of a face and the code points each draws, or null when the family is not there. */
  faceFiles(face: FaceId): readonly FontFile[] | null;
  /** Returns the TrueType/OpenType (sfnt) bytes of a file (WOFF decompressed). */
  load(file: FontFile): Uint8Array;
}

const JOINERS: ReadonlySet<number> = new Set([0x200c, 0x200d]);

/**
 * Font lookup over a {@link FontSource}: asks for each face's files once, on first use, and picks
 * per character the first file (requested family, then the fallback chain) covering it. Touches
 * no file itself, so it runs in a browser as in Node.
 */
export class FontCatalog {
  private readonly faces = new Map<string, FaceFile[]>();
  // Segments by family and style, then by text: the text is not joined into a longer key.
  private readonly segmentCache = new Map<string, Map<string, FontSegment[]>>();
  // The file that draws each code point below LATIN_END, by family and style, found once: most
  // text is Latin, and segmenting it reads a table instead of searching the files' ranges.
  private readonly latinFiles = new Map<string, Array<FaceFile | undefined>>();
  private readonly loaded = new Map<string, Uint8Array>();

  constructor(private readonly source: FontSource) {}

  /** Returns the optional fallback families that are not installed, each with the text it draws. */
  unavailableFamilies(): (typeof OPTIONAL_FAMILIES)[number][] {
    return OPTIONAL_FAMILIES.filter(({ family }) => !this.source.hasFamily(family));
  }

  /** Returns the sfnt bytes of a font file, decompressed once and kept for later documents. */
  load(file: FaceFile): Uint8Array {
    let bytes = this.loaded.get(file.key);
    if (!bytes) {
      bytes = this.source.load(file);
      this.loaded.set(file.key, bytes);
    }
    return bytes;
  }

  /** Splits `text` into runs that each one font file draws; characters no font covers use the family's first file. */
  segment(text: string, family: FamilyId, style: FaceStyle): FontSegment[] {
    const styleKey = `${family}|${style.bold ? 1 : 0}${style.italic ? 1 : 0}`;
    let cache = this.segmentCache.get(styleKey);
    if (!cache) this.segmentCache.set(styleKey, (cache = new Map()));
    const cached = cache.get(text);
    if (cached) return cached;
    const segments: FontSegment[] = [];
    // The family's own files, looked up once: most text is drawn by them alone.
    const own = this.face(family, style);
    let latin = this.latinFiles.get(styleKey);
    if (!latin) this.latinFiles.set(styleKey, (latin = []));
    let file: FaceFile | null = null;
    let from = 0;
    for (let index = 0; index < text.length; ) {
      const codePoint = text.codePointAt(index) ?? 0;
      let next: FaceFile;
      if (codePoint < LATIN_END) next = latin[codePoint] ??= this.fileFor(codePoint, family, style, own);
      // Joiners (U+200C, U+200D) stay with the letters around them, which the shaper joins or not.
      else next = file && JOINERS.has(codePoint) && inRanges(file.ranges, codePoint) ? file : this.fileFor(codePoint, family, style, own);
      if (next !== file) {
        if (file) segments.push({ text: text.slice(from, index), file });
        file = next;
        from = index;
      }
      index += codePoint > 0xffff ? 2 : 1;
    }
    if (file) segments.push({ text: text.slice(from), file });
    if (cache.size < 20000) cache.set(text, segments);
    return segments;
  }

  // The first of the family's own files (`own`) that draws `codePoint`, else a fallback's.
  private fileFor(codePoint: number, family: FamilyId, style: FaceStyle, own: readonly FaceFile[]): FaceFile {
    return findCovering(own, codePoint) ?? this.fallbackFor(codePoint, family, style, own);
  }

  // The file of the first fallback family that draws `codePoint`, which the family's own files (`own`) do not.
  private fallbackFor(codePoint: number, family: FamilyId, style: FaceStyle, own: readonly FaceFile[]): FaceFile {
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
    const face: FaceId = { family, weight: style.bold ? 700 : 400, italic: style.italic && !UPRIGHT_ONLY.has(family) };
    const key = faceKey(face);
    const known = this.faces.get(key);
    if (known) return known;
    const found = this.source.faceFiles(face);
    if (found === null) {
      if (OPTIONAL_FAMILIES.some((optional) => optional.family === family)) return [];
      throw new Error(FONTS_PACKAGE_MISSING);
    }
    const lineMetrics = WORD_LINE_METRICS[family];
    const files = found.map((file): FaceFile => (lineMetrics ? { ...file, face, lineMetrics } : { ...file, face }));
    this.faces.set(key, files);
    return files;
  }
}

// Basic Latin, Latin-1 and Latin Extended-A and B.
const LATIN_END = 0x250;

function findCovering(files: readonly FaceFile[], codePoint: number): FaceFile | undefined {
  return files.find((file) => inRanges(file.ranges, codePoint));
}

/**
 * Returns the files and Unicode ranges of the `@font-face` rules of a Fontsource CSS file (WOFF
 * sources), each file's path being what `locate` makes of its name (`carlito-latin-400-normal.woff`).
 */
export function parseFontFaceCss(css: string, locate: (fileName: string) => string): FontFile[] {
  const files: FontFile[] = [];
  for (const rule of css.split('@font-face').slice(1)) {
    const src = /url\(\.\/files\/([^)]+\.woff)\)/.exec(rule);
    const range = /unicode-range:\s*([^;]+);/.exec(rule);
    if (!src?.[1] || !range?.[1]) continue;
    files.push({ key: src[1].replace(/\.woff$/, ''), path: locate(src[1]), ranges: parseUnicodeRange(range[1]) });
  }
  return files;
}

/** Returns the code points of a CSS `unicode-range` value (`U+0000-00FF,U+0131`), sorted. */
export function parseUnicodeRange(value: string): CodePointRanges {
  return normalizeRanges(
    value.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(from ?? '0', 16);
      return [start, to === undefined ? start : Number.parseInt(to, 16)];
    }),
  );
}
