// The editor's pages, loaded once a document is on screen: a bundler makes one lazy chunk of the
// page layout (line breaking, bidi, fonts) and the turns drawn between pages.
import type { DataImage } from '../../model/index.js';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { paintPageElement } from '../../layout/paint-dom.js';
import { createPageLayoutEngine } from './page-layout-engine.js';
import type { Node } from 'prosemirror-model';
import { fileFamily } from '../../layout/browser/canvas-text-measurer.js';
import { PagedView, type PagedViewOptions } from './paged-view.js';
import { printPages } from './print-pages.js';
import type { TextblockRooms } from '../view/textblock-rooms.js';
import type { EditorMarkup } from '../editor-options.js';

/** The pages of one shown document, and what to release with it. */
export interface PagedDocument {
  /** The pages on screen; null for an editor in the `flow` layout, which lays pages out only to print them. */
  readonly view: PagedView | null;
  /** Lays `doc` out and prints its pages (see `printPages`); resolves once the browser's print dialog is done. */
  print(doc: Node): Promise<void>;
  /** Revokes the object URLs of the pictures painted in headers, footers and printed pages. */
  dispose(): void;
}

/** What {@link createPagedDocument} needs from its editor. */
export interface PagedDocumentOptions extends Pick<PagedViewOptions, 'onPage' | 'onError'> {
  readonly page: Document;
  /** The folder URL of the editor's web font files, which the layout measures with. */
  readonly fontsBase: string;
  /** Put before bookmark ids painted in headers and footers, so that two editors on one page keep apart. */
  readonly idPrefix: string;
  /** The paragraph styles of the document, whose fonts the pages add (see `addPageFonts`). */
  readonly paragraphStyles: readonly ParagraphStyleInfo[];
  /** Where the pages' textblocks take their rooms: given, the pages are shown; null, only laid out to print. */
  readonly rooms: TextblockRooms | null;
  /** The editor's markup, which the pages are laid out in (see `createPageLayoutEngine`). */
  readonly markup: EditorMarkup;
}

/** Returns the pages of a document, or null where the page cannot measure text (see `createPageLayoutEngine`). */
export function createPagedDocument(options: PagedDocumentOptions): PagedDocument | null {
  const engine = createPageLayoutEngine(options.page, options.fontsBase, options.paragraphStyles, options.markup);
  if (!engine) return null;
  const urls = new Map<DataImage, string>();
  const imageUrl = (image: DataImage): string => {
    let url = urls.get(image);
    if (!url) urls.set(image, (url = URL.createObjectURL(new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: `image/${image.type === 'jpg' ? 'jpeg' : image.type}` }))));
    return url;
  };
  // Text is drawn in the very files the layout measured, each loaded as a face of its own.
  const paint = { imageUrl, idPrefix: options.idPrefix, fileFamily };
  const view = options.rooms
    ? new PagedView({
        engine,
        rooms: options.rooms,
        onPage: options.onPage,
        onError: options.onError,
        paintFurniture: (laidOut) => {
          const furniture = paintPageElement({ ...laidOut, ops: laidOut.ops.slice(laidOut.textOps) }, options.page, paint);
          furniture.style.setProperty('position', 'absolute');
          furniture.style.setProperty('left', '0');
          return furniture;
        },
      })
    : null;
  return {
    view,
    async print(doc) {
      const { pages } = await engine.layout(doc);
      await printPages(pages, { page: options.page, imageUrl, idPrefix: options.idPrefix });
    },
    dispose() {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    },
  };
}
