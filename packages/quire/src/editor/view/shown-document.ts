import type { Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createPartEditing, type PartEditing } from '../parts/part-editing.js';
import { paragraphStyleOptions, type ParagraphStyleOption } from '../commands/paragraph-style-options.js';
import { completeDocument } from '../document/complete-document.js';
import type { DocumentSession } from '../document/document-session.js';
import { createDocumentView } from './create-document-view.js';
import { createImageStore, type ImageStore } from './image-store.js';
import { applyDocumentLook } from './document-look.js';
import { completeRenderContext, createRenderContext } from './render-context.js';
import type { TextblockRooms } from './textblock-rooms.js';

/** The document on screen: what was read, its view, its images and the paragraph styles it offers. */
export interface ShownDocument {
  /** What was read; a partial session is replaced by the whole once it is read (see `complete`). */
  readonly session: DocumentSession;
  readonly view: EditorView;
  readonly images: ImageStore;
  readonly styles: readonly ParagraphStyleOption[];
  /** The rooms the page layout gives the textblocks (the `pages` layout). */
  readonly rooms: TextblockRooms;
  /** The header, footer or note open in the part editor, if any. */
  readonly parts: PartEditing;
  /**
   * Turns the first pages on screen into `whole`, the same document read whole, keeping what both
   * read alike on screen; false (nothing done) when they differ, for the caller to show `whole` anew.
   */
  complete(whole: DocumentSession): boolean;
  /** Destroys the view and revokes the images' object URLs. */
  dispose(): void;
}

/** What {@link showDocument} needs from its editor. */
export interface ShowDocumentOptions {
  readonly place: HTMLElement;
  readonly isEditable: () => boolean;
  readonly openLinkForm: () => boolean;
  readonly dispatch: (view: EditorView, tr: Transaction) => void;
  /** Called when a part opens or closes in the part editor, and when its selection or content changes there. */
  readonly onPartChange: () => void;
}

/** Shows `session`'s document in `options.place`, with images loaded from its package as they come into view. */
export function showDocument(session: DocumentSession, options: ShowDocumentOptions): ShownDocument {
  const page = options.place.ownerDocument;
  const images = createImageStore(session.original?.package ?? null, {
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    IntersectionObserver: (globalThis as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver,
  });
  const context = createRenderContext(page, session.doc, session.paragraphStyles, images);
  const parts = createPartEditing(context, { isEditable: options.isEditable, onChange: options.onPartChange });
  const view = createDocumentView({ ...options, doc: session.doc, context, partEditing: parts.plugin });
  let current = session;
  return {
    get session() {
      return current;
    },
    view,
    images,
    styles: paragraphStyleOptions(session.paragraphStyles),
    rooms: context.rooms,
    parts,
    complete(whole) {
      const tr = completeDocument(view.state, whole.doc);
      if (!tr) return false;
      current = whole;
      completeRenderContext(context, whole.doc, whole.paragraphStyles);
      applyDocumentLook(view.dom, context.look);
      // Not through the editor's dispatch: the document on screen was not edited.
      view.updateState(view.state.apply(tr));
      return true;
    },
    dispose() {
      view.destroy();
      images.dispose();
    },
  };
}
