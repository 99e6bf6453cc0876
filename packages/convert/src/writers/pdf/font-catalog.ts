import { FontCatalog as LayoutFontCatalog } from 'quire/layout';
import { nodeFontSource, type LocateFontFamily, type ReadFontFile } from './node-font-source.js';

/**
 * The layout's font catalog over the font packages of a Node install ({@link nodeFontSource}):
 * `readFont` reads font files, `locateFamily` finds a family's package (or says it is not installed).
 */
export class FontCatalog extends LayoutFontCatalog {
  constructor(readFont?: ReadFontFile, locateFamily?: LocateFontFamily) {
    super(nodeFontSource(readFont, locateFamily));
  }
}
