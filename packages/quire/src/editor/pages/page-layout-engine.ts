import type { Node } from 'prosemirror-model';
import { CanvasTextMeasurer } from '../../layout/browser/canvas-text-measurer.js';
import { webFontSource } from '../../layout/browser/web-font-source.js';
import { FontCatalog, type FaceFile } from '../../layout/font-catalog.js';
import { LayoutCache } from '../../layout/layout-cache.js';
import { layoutDocument, type LaidOutDocument } from '../../layout/layout-document.js';
import type { TextMeasurer } from '../../layout/text-measurer.js';
import { readDocumentLook } from '../../layout/document-look.js';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { addPageFonts } from './page-fonts.js';
import type { EditorMarkup } from '../editor-options.js';

/** Lays a document out on pages in the browser, as the PDF writer does in Node. */
export interface PageLayoutEngine {
  /** Lays `doc` out, loading the font files its text needs first; rejects when a file does not load. */
  layout(doc: Node): Promise<LaidOutDocument>;
}

const FACES = [
  { weight: 400, italic: false },
  { weight: 700, italic: false },
  { weight: 400, italic: true },
  { weight: 700, italic: true },
] as const;

// Each round loads the files the previous one found missing; a document needs a few at most (its
// families' regular, bold and italic faces, Latin and Latin Extended), so rounds are few.
const MAX_ROUNDS = 6;

/**
 * Returns the page layout of an editor on `page`: the editor's own web font files (under
 * `fontsBase`) loaded as faces of their own and measured on a canvas, so that lines break where the
 * PDF writer breaks them; the pages set their text in the same files (see `addPageFonts`). Null where the page cannot measure text (no canvas 2D context, or no
 * CSS Font Loading API): the editor then shows its continuous view. The text is laid out in the
 * editor's `markup`, as the PDF with the same markup: `simple` as `none` (the accepted text).
 */
export function createPageLayoutEngine(page: Document, fontsBase: string, paragraphStyles: readonly ParagraphStyleInfo[], markup: EditorMarkup): PageLayoutEngine | null {
  const context = page.createElement('canvas').getContext?.('2d');
  const window = page.defaultView as (Window & { FontFace?: typeof FontFace }) | null;
  const FontFaceClass = window?.FontFace;
  if (!context || !FontFaceClass || typeof page.fonts?.add !== 'function') return null;
  const canvas = new CanvasTextMeasurer({ context, fonts: page.fonts, FontFace: FontFaceClass });
  const source = webFontSource(fontsBase);
  const catalog = new FontCatalog(source);
  // Blocks laid out before are kept while the document is edited: a keystroke lays out one paragraph again.
  let cache = new LayoutCache();
  const laidOutMarkup = markup === 'simple' ? 'none' : markup;
  return {
    async layout(doc) {
      const classes = readDocumentLook(doc).fontClasses;
      const families = addPageFonts(page, fontsBase, doc, paragraphStyles, classes);
      // The Latin files of the four faces of each family the document names load first, so that one
      // round usually does; other files (Latin Extended, for letters such as ő or ł) as text needs them.
      const latin = families.flatMap((family) => FACES.flatMap((face) => source.faceFiles({ family, ...face }) ?? [])).filter((file) => /-latin-\d/.test(file.key));
      await canvas.loadFaceFiles(latin);
      for (let round = 1; ; round += 1) {
        const missing = new Map<string, FaceFile>();
        const laidOut = layoutDocument(doc, { catalog, measurer: recordingMissing(canvas, missing), recordBoxes: true, cache, markup: laidOutMarkup });
        if (missing.size === 0 || round === MAX_ROUNDS) return laidOut;
        // Blocks measured with rough widths for files still loading are laid out again.
        cache = new LayoutCache();
        await canvas.loadFaceFiles(missing.values());
      }
    },
  };
}

// Text in a file not loaded yet is given a rough width and its file noted, to load before the next
// round: the layout finds out which files it needs as it goes.
function recordingMissing(canvas: CanvasTextMeasurer, missing: Map<string, FaceFile>): TextMeasurer {
  return {
    advance(text, file) {
      if (canvas.hasLoaded(file)) return canvas.advance(text, file);
      missing.set(file.key, file);
      return text.length * 0.5;
    },
    lineMetrics: (file) => canvas.lineMetrics(file),
    decorationMetrics: (file) => canvas.decorationMetrics(file),
    drawsAll: (text, file) => canvas.drawsAll(text, file),
  };
}
