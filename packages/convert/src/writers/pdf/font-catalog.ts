import { FontCatalogBase } from './font-catalog-base.js';
import { nodeFontSource, type LocateFontFamily, type ReadFontFile } from './node-font-source.js';

// What the layout modules still import from here; the pure parts live in font-catalog-base.ts and
// font-families.ts, which a browser can load (no Node API): layout moved there imports them instead.
export type { FaceFile } from './font-catalog-base.js';
export { familyPackage, inlineCodeSize, monospaceFamily, resolveFamily } from './font-families.js';
export type { FamilyId, FontClasses } from './font-families.js';
export type { ReadFontFile } from './node-font-source.js';

/**
 * The font catalog over the font packages of a Node install ({@link nodeFontSource}): `readFont`
 * reads font files, `locateFamily` finds a family's package (or says it is not installed).
 */
export class FontCatalog extends FontCatalogBase {
  constructor(readFont?: ReadFontFile, locateFamily?: LocateFontFamily) {
    super(nodeFontSource(readFont, locateFamily));
  }
}
