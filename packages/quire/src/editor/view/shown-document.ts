import type { Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createPartEditing, type PartEditing } from '../parts/part-editing.js';
import { paragraphStyleOptions, type ParagraphStyleOption } from '../commands/paragraph-style-options.js';
import type { DocumentSession } from '../document/document-session.js';
import { createDocumentView } from './create-document-view.js';
import { createImageStore, type ImageStore } from './image-store.js';
import { createRenderContext } from './render-context.js';
import type { TextblockRooms } from './textblock-rooms.js';

/** The document on screen: what was read, its view, its images and the paragraph styles it offers. */
export interface ShownDocument {
  readonly session: DocumentSession;
  readonly view: EditorView;
  readonly images: ImageStore;
  readonly styles: readonly ParagraphStyleOption[];
  /** The rooms the page layout gives the textblocks (the `pages` layout). */
  readonly rooms: TextblockRooms;
  /** The header, footer or note open in the part editor, if any. */
  readonly parts: PartEditing;
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
  return {
    session,
    view,
    images,
    styles: paragraphStyleOptions(session.paragraphStyles),
    rooms: context.rooms,
    parts,
    dispose() {
      view.destroy();
      images.dispose();
    },
  };
}
