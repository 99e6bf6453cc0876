import type { XmlElement } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';

// Inline wrappers searched for bookmarks; text boxes are left out (their paragraphs are read on their own).
const WRAPPERS = new Set(['w:hyperlink', 'w:ins', 'w:moveTo', 'w:smartTag', 'w:customXml', 'w:dir', 'w:bdo', 'w:sdt', 'w:sdtContent', 'w:fldSimple']);
const MAX_DEPTH = 8;
// Bookmarks per paragraph kept at most: a hostile file could repeat them endlessly.
const MAX_BOOKMARKS = 32;

/**
 * Returns the names of the bookmarks that start in a paragraph (`w:bookmarkStart`, ECMA-376
 * Part 1, 17.13.6.2), in order, without Word's hidden `_GoBack` (the last edit position); null
 * when there are none.
 */
export function readBookmarkNames(p: XmlElement, names: OoxmlNames): string[] | null {
  const found: string[] = [];
  const visit = (element: XmlElement, depth: number): void => {
    for (const child of names.children(element)) {
      if (found.length >= MAX_BOOKMARKS) return;
      const name = names.name(child);
      if (name === 'w:bookmarkStart') {
        const bookmark = names.attr(child, 'w:name');
        if (bookmark && bookmark !== '_GoBack' && !found.includes(bookmark)) found.push(bookmark);
      } else if (WRAPPERS.has(name) && depth < MAX_DEPTH) {
        visit(child, depth + 1);
      }
    }
  };
  visit(p, 0);
  return found.length > 0 ? found : null;
}
