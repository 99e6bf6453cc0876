import { webFontFaces } from '../../model/web-font-faces.js';
import { OPEN_FONTS, type FaceId, type OpenFontId } from '../../model/index.js';
import { parseUnicodeRange, type FontFile, type FontSource } from '../font-catalog.js';
import type { FamilyId } from '../font-families.js';

/**
 * Returns the font source of a browser: the web font files the editor ships in dist/fonts/ (the
 * Latin and Latin Extended subsets of the six open fonts, src/model/web-font-faces.ts), each
 * with the Unicode range of its `@font-face` rule, which is Fontsource's, and its URL under `base`
 * (a folder URL ending in `/`, the editor's `fonts` option or `defaultFontsBase()`). A file's key is
 * its name less `.woff2`, the key the PDF writer gives the WOFF file of the same subset. The CJK
 * and Arabic fallbacks are not shipped: their families are missing, and text in scripts the
 * subsets lack (Greek, Cyrillic, Hebrew, Vietnamese letters) falls to other files than in the PDF.
 * `load` throws: a browser measures through the files loaded as web fonts (see `CanvasTextMeasurer`).
 */
export function webFontSource(base: string): FontSource {
  const shipped = (family: FamilyId): family is OpenFontId => Object.hasOwn(OPEN_FONTS, family);
  return {
    hasFamily: shipped,
    faceFiles(face: FaceId): FontFile[] | null {
      if (!shipped(face.family)) return null;
      const files = webFontFaces(OPEN_FONTS[face.family])
        .filter((file) => file.weight === String(face.weight) && file.style === (face.italic ? 'italic' : 'normal'))
        .map((file): FontFile => ({ key: file.file.replace(/\.woff2$/, ''), path: new URL(file.file, base).href, ranges: parseUnicodeRange(file.unicodeRange) }));
      // Latin Extended first, as in Fontsource's CSS, which the PDF writer reads: the catalog takes
      // the first file covering a character, and both subsets have U+0304, U+0308 and U+0329.
      return files.sort((a, b) => Number(b.key.includes('-latin-ext-')) - Number(a.key.includes('-latin-ext-')));
    },
    load(file: FontFile): Uint8Array {
      throw new Error(`The browser font source does not read font files (${file.key}): load them as web fonts with CanvasTextMeasurer.loadFaceFiles.`);
    },
  };
}
