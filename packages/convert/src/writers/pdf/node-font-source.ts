import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { FaceId } from 'quire/model';
import { familyPackage, parseFontFaceCss, sfntCoverage, WHOLE_FACES, type FamilyId, type FontFile, type FontSource } from 'quire/layout';
import { woffToSfnt } from './woff-to-sfnt.js';

/** Reads a font file's bytes; injected so that tests and bundlers can supply their own. */
export type ReadFontFile = (path: string) => Uint8Array;

/** Returns the folder of a family's package ({@link familyPackage}), or null when it is not installed. */
export type LocateFontFamily = (family: FamilyId) => string | null;

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

/**
 * Returns the font source of a Node install: the font packages found by `locateFamily`, a face's
 * files read from its Fontsource CSS file (`400-italic.css`) or, for a face in one file, its cmap,
 * and WOFF inflated with native zlib. `readFont` reads the font files, not the CSS.
 */
export function nodeFontSource(readFont: ReadFontFile = (path) => readFileSync(path), locateFamily: LocateFontFamily = locateFamilyPackage): FontSource {
  const load = (file: Pick<FontFile, 'path'>): Uint8Array => woffToSfnt(readFont(file.path), inflateSync);
  return {
    hasFamily: (family) => locateFamily(family) !== null,
    faceFiles(face: FaceId): FontFile[] | null {
      const directory = locateFamily(face.family);
      if (directory === null) return null;
      const whole = WHOLE_FACES[face.family];
      if (whole) {
        // Its bytes are not kept (Noto Sans SC is 10 MB a face): text that only falls through to it
        // without being drawn by it (a symbol no font has) should not hold them.
        const path = join(directory, whole.files[face.weight]);
        return [{ key: `${face.family}-${face.weight}`, path, ranges: sfntCoverage(load({ path })) }];
      }
      const css = readFileSync(join(directory, `${face.weight}${face.italic ? '-italic' : ''}.css`), 'utf8');
      return parseFontFaceCss(css, (fileName) => join(directory, 'files', fileName));
    },
    load,
  };
}
