import type { Editor } from './editor.js';
import type { TrackedChange } from './review/tracked-change.js';
import type { ListedComment } from './review/cards/editor-comments.js';

/** Sent when a document is on screen, after each open or import. */
export interface EditorReadyEvent {
  readonly editor: Editor;
  /** The id of the document now shown (see `Editor.getDocumentId`). */
  readonly documentId: string;
}

/** Sent after each change of the document's content (typing, a command, undo). */
export interface EditorChangeEvent {
  readonly editor: Editor;
}

/**
 * Sent when the document gains or loses unsaved edits: `dirty` becomes true with the first edit
 * after an open, an import or an export, and false when `export()` (or `download()`) has produced
 * the DOCX of what is on screen or another document has been opened in its place.
 */
export interface EditorDirtyEvent {
  readonly editor: Editor;
  /** Whether the document on screen has edits that no export holds (see `Editor.isDirty`). */
  readonly dirty: boolean;
}

/** Sent when `export()` (or `download()`) has produced the DOCX. */
export interface EditorExportEvent {
  readonly editor: Editor;
  readonly blob: Blob;
  readonly documentId: string;
}

/** Sent when a document cannot be opened, imported or exported. */
export interface EditorErrorEvent {
  readonly editor: Editor;
  /** A `DocumentError` for unreadable input; any other error is a bug worth reporting. */
  readonly error: Error;
}

/**
 * Sent in the `pages` layout when the page holding the caret or the number of pages changes, for
 * a page counter ("page 3 of 12"): after each layout, and as the caret moves.
 */
export interface EditorPageEvent {
  readonly editor: Editor;
  /** The page holding the caret, from 1. */
  readonly page: number;
  readonly pageCount: number;
}

/** Sent when the scale the document is shown at changes: after `setZoom`, and in `fit-width` as the editor's width or the widest page changes. */
export interface EditorZoomEvent {
  readonly editor: Editor;
  /** The scale now shown, 1 being 100% (see `Editor.getZoom`). */
  readonly zoom: number;
  /** Whether the scale follows the editor's width (`fit-width`). */
  readonly fitWidth: boolean;
}

/**
 * Sent when the document's tracked changes differ from those last sent: once a document is shown,
 * and after an edit that makes, decides or moves one. The list is made only while someone listens
 * (it costs a walk of the document per edit).
 */
export interface EditorChangesEvent {
  readonly editor: Editor;
  /** The tracked changes, as `editor.changes.list()` returns them. */
  readonly changes: readonly TrackedChange[];
}

/**
 * Sent when the document's comments change: once a document is shown, and after a comment is
 * added, answered, edited, resolved, reopened or removed (or such an edit is undone). Made only
 * while someone listens.
 */
export interface EditorCommentsEvent {
  readonly editor: Editor;
  /** The comments, as `editor.comments.list()` returns them. */
  readonly comments: readonly ListedComment[];
}

/** The editor's events and what their listeners receive. */
export interface EditorEventMap {
  ready: EditorReadyEvent;
  change: EditorChangeEvent;
  dirty: EditorDirtyEvent;
  export: EditorExportEvent;
  error: EditorErrorEvent;
  page: EditorPageEvent;
  zoom: EditorZoomEvent;
  changes: EditorChangesEvent;
  comments: EditorCommentsEvent;
}

/** The name of an editor event. */
export type EditorEventName = keyof EditorEventMap;

/** A listener of event `K`. */
export type EditorListener<K extends EditorEventName> = (event: EditorEventMap[K]) => void;

/** The listeners that can be given as options, one per event. */
export interface EditorEventHandlers {
  onReady?: EditorListener<'ready'>;
  onChange?: EditorListener<'change'>;
  onDirty?: EditorListener<'dirty'>;
  onExport?: EditorListener<'export'>;
  onError?: EditorListener<'error'>;
  onPage?: EditorListener<'page'>;
  onZoom?: EditorListener<'zoom'>;
  onChanges?: EditorListener<'changes'>;
  onComments?: EditorListener<'comments'>;
}

const HANDLER_OF: Readonly<Record<EditorEventName, keyof EditorEventHandlers>> = {
  ready: 'onReady',
  change: 'onChange',
  dirty: 'onDirty',
  export: 'onExport',
  error: 'onError',
  page: 'onPage',
  zoom: 'onZoom',
  changes: 'onChanges',
  comments: 'onComments',
};

/** The listeners of one editor. */
export interface EditorEmitter {
  on<K extends EditorEventName>(name: K, listener: EditorListener<K>): void;
  off<K extends EditorEventName>(name: K, listener: EditorListener<K>): void;
  emit<K extends EditorEventName>(name: K, event: EditorEventMap[K]): void;
  /** Whether event `name` has a listener: an event costly to make is made only then. */
  listens(name: EditorEventName): boolean;
  /** Forgets every listener. */
  clear(): void;
}

/**
 * Returns the listener registry of one editor, starting with the option handlers. A listener that
 * throws does not stop the others or the editor: its error is rethrown from a microtask, where
 * the page's error reporting sees it.
 */
export function createEditorEmitter(handlers: EditorEventHandlers): EditorEmitter {
  const listeners = new Map<EditorEventName, Set<(event: never) => void>>();
  const setOf = (name: EditorEventName) => {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    return set;
  };
  for (const [name, option] of Object.entries(HANDLER_OF) as [EditorEventName, keyof EditorEventHandlers][]) {
    const handler = handlers[option];
    if (handler) setOf(name).add(handler as (event: never) => void);
  }
  return {
    on(name, listener) {
      if (!(name in HANDLER_OF)) throw new TypeError(`Unknown editor event "${String(name)}" (ready, change, dirty, export, error, page, zoom, changes, comments).`);
      if (typeof listener !== 'function') throw new TypeError('An editor event listener must be a function.');
      setOf(name).add(listener as (event: never) => void);
    },
    off(name, listener) {
      listeners.get(name)?.delete(listener as (event: never) => void);
    },
    emit(name, event) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as EditorListener<typeof name>)(event);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    listens(name) {
      return (listeners.get(name)?.size ?? 0) > 0;
    },
    clear() {
      listeners.clear();
    },
  };
}
