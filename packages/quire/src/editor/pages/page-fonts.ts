import type { Node } from 'prosemirror-model';
import { resolveFamily, type FontClasses } from '../../layout/font-families.js';
import { OPEN_FONTS, type OpenFontId } from '../../model/word-fonts.js';
import { cjkLocalFaces, fallbackWebFontFaces, webFontFaces } from '../../model/web-font-faces.js';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { documentFontFamilies, paragraphStyleFamilies } from '../fonts/document-font-families.js';
import { cssString, laidOutFamily } from '../view/font-stack.js';

// The families already added to a page's font set, by name: editors on one page share them.
const added = new WeakMap<object, Set<string>>();

/**
 * Adds to `page`'s fonts, for each font family `doc` shows, the files the page layout measures
 * that family with (the open font it resolves to: the metric-compatible clone of a Word font, or
 * the clone of the usual font of its class), under the family's laid-out name (see
 * `laidOutFamily`), so that the pages set text in exactly those files; the files of the PDF
 * writer's fallbacks for the scripts the font lacks (Hebrew, Arabic, and CJK in the installed
 * Noto Sans SC, see `cjkLocalFaces`) come first, so that the browser, which tries a family's last
 * faces first, takes them only where the PDF writer does.
 * The browser fetches a file when it first draws text with it; the layout has loaded it already,
 * so it comes from the cache.
 * Returns the open fonts the document's families resolve to.
 */
export function addPageFonts(page: Document, fontsBase: string, doc: Node, paragraphStyles: readonly ParagraphStyleInfo[], classes: FontClasses): OpenFontId[] {
  const window = page.defaultView as (Window & { FontFace?: typeof FontFace }) | null;
  const FontFaceClass = window?.FontFace;
  const used = new Set<OpenFontId>();
  if (!FontFaceClass || typeof page.fonts?.add !== 'function') return [];
  let known = added.get(page.fonts);
  if (!known) added.set(page.fonts, (known = new Set()));
  for (const name of documentFontFamilies(doc, paragraphStyleFamilies(doc, paragraphStyles))) {
    const id = resolveFamily(name, classes) as OpenFontId;
    const font = OPEN_FONTS[id];
    if (!font) continue;
    used.add(id);
    const family = laidOutFamily(name);
    if (known.has(family)) continue;
    known.add(family);
    // The CJK fallback is set upright in italic text too, as in the PDF.
    const cjk = cjkLocalFaces().flatMap((face) => (['normal', 'italic'] as const).map((style) => ({ ...face, style, source: face.localNames.map((local) => `local(${cssString(local)})`).join(', ') })));
    const files = [...fallbackWebFontFaces(font), ...webFontFaces(font)].map((face) => ({ ...face, source: `url(${cssString(new URL(face.file, fontsBase).href)}) format("woff2")` }));
    for (const face of [...cjk, ...files]) {
      try {
        page.fonts.add(new FontFaceClass(family, face.source, { weight: face.weight, style: face.style, unicodeRange: face.unicodeRange }));
      } catch {
        // A face the browser refuses leaves the text in the next font of its stack.
      }
    }
  }
  return [...used];
}
