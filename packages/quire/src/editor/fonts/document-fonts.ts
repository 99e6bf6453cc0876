import type { Node } from 'prosemirror-model';
import type { Transaction } from 'prosemirror-state';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { documentFontFamilies, insertedFontFamilies, paragraphStyleFamilies, type StyleFamilies } from './document-font-families.js';
import { createWebFontLoader, type FontEnvironment, type WebFontLoader } from './web-font-loader.js';

/** The web fonts of the documents one editor shows. */
export interface DocumentFonts {
  /** Loads the open fonts standing in for the Word fonts of a document just shown. */
  show(doc: Node, paragraphStyles: readonly ParagraphStyleInfo[]): void;
  /** Loads those an edit brought in (pasted text in another font, a paragraph given another style). */
  edit(tr: Transaction): void;
  /** Stops loading for this editor; faces already added stay for the page. */
  dispose(): void;
}

/**
 * Returns the web fonts of an editor on `page`, loaded from `base` (see `readFontsOption`); with
 * a null base, or on a page without the CSS Font Loading API, it loads nothing. Never throws and
 * never delays the document: fonts arrive after it is shown, and the text is laid out again.
 */
export function createDocumentFonts(page: Document, base: string | null): DocumentFonts {
  const environment = fontEnvironment(page);
  const loader: WebFontLoader | null = base !== null && environment ? createWebFontLoader(environment, base) : null;
  let styles: StyleFamilies = { paragraphStyles: new Map(), headings: [] };
  return {
    show(doc, paragraphStyles) {
      if (!loader) return;
      styles = paragraphStyleFamilies(doc, paragraphStyles);
      loader.use(documentFontFamilies(doc, styles));
    },
    edit(tr) {
      if (loader && tr.docChanged) loader.use(insertedFontFamilies(tr.steps, styles));
    },
    dispose() {
      loader?.dispose();
    },
  };
}

function fontEnvironment(page: Document): FontEnvironment | null {
  const fonts = (page as Partial<Document>).fonts;
  const FontFace = (page.defaultView as (Window & { FontFace?: typeof globalThis.FontFace }) | null)?.FontFace;
  return fonts && typeof fonts.add === 'function' && typeof FontFace === 'function' ? { fonts, FontFace } : null;
}
