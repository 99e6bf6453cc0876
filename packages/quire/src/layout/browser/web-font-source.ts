import { arabicSubset, cjkLocalFaces, webFontFaces } from '../../model/web-font-faces.js';
import { OPEN_FONTS, type FaceId, type OpenFontId } from '../../model/index.js';
import { parseUnicodeRange, type FontFile, type FontSource } from '../font-catalog.js';
import type { FamilyId } from '../font-families.js';

/**
 * Returns the font source of a browser: the web font files the editor ships in dist/fonts/ (the
 * Latin, Latin Extended and Hebrew subsets of the six open fonts and the Arabic subset of Noto
 * Sans Arabic, src/model/web-font-faces.ts), each with the Unicode range of its `@font-face` rule,
 * which is Fontsource's, and its URL under `base` (a folder URL ending in `/`, the editor's `fonts`
 * option or `defaultFontsBase()`). A file's key is its name less `.woff2`, the key the PDF writer
 * gives the WOFF file of the same subset. The CJK fallback (10 MB a face) is not shipped: its
 * faces are the installed Noto Sans SC or one of its twins ({@link cjkLocalFaces}), so that CJK
 * text has its line heights, and its widths where it is installed. Text in scripts the subsets
 * lack (Greek, Cyrillic, Vietnamese letters) falls to other files than in the PDF.
 * `load` throws: a browser measures through the files loaded as web fonts (see `CanvasTextMeasurer`).
 */
export function webFontSource(base: string): FontSource {
  const shipped = (family: FamilyId): family is OpenFontId => Object.hasOwn(OPEN_FONTS, family);
  const fileOf = (name: string, unicodeRange: string): FontFile => ({ key: name.replace(/\.woff2$/, ''), path: new URL(name, base).href, ranges: parseUnicodeRange(unicodeRange) });
  return {
    hasFamily: (family) => shipped(family) || family === 'noto-sans-arabic' || family === 'noto-sans-sc',
    faceFiles(face: FaceId): FontFile[] | null {
      if (face.family === 'noto-sans-sc') {
        const local = cjkLocalFaces().find((each) => each.weight === String(face.weight)) ?? cjkLocalFaces()[0]!;
        return [{ key: `noto-sans-sc-${local.weight}`, path: '', ranges: parseUnicodeRange(local.unicodeRange), localNames: local.localNames }];
      }
      if (face.family === 'noto-sans-arabic') {
        const { file, unicodeRange } = arabicSubset(face.weight === 700 ? '700' : '400');
        return [fileOf(file, unicodeRange)];
      }
      if (!shipped(face.family)) return null;
      // The browser tries a family's faces from the last added back, and the PDF writer's
      // Fontsource CSS lists them in that order (Hebrew, Latin Extended, Latin): the catalog takes
      // the first file covering a character, and the subsets share some (U+0304, U+0308, U+200C…).
      return webFontFaces(OPEN_FONTS[face.family])
        .filter((file) => file.weight === String(face.weight) && file.style === (face.italic ? 'italic' : 'normal'))
        .map((file) => fileOf(file.file, file.unicodeRange))
        .reverse();
    },
    load(file: FontFile): Uint8Array {
      throw new Error(`The browser font source does not read font files (${file.key}): load them as web fonts with CanvasTextMeasurer.loadFaceFiles.`);
    },
  };
}
