import { isHistoryTransaction } from 'prosemirror-history';
import { keydownHandler } from 'prosemirror-keymap';
import { Plugin } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { PART_ADD_META, PART_EDIT_META } from '../view/read-only-guard.js';
import type { RenderContext } from '../view/render-context.js';
import type { PartEditor } from './part-editor.js';
import { addPart, removeEmptyPart } from './add-part.js';
import { findPart, type PartKey } from './part-key.js';
import { PART_SHORTCUTS } from './part-shortcuts.js';
import { partTargetAt, partTargetAtCaret, partTargetBeside, type PartTarget } from './part-target.js';

/** What {@link createPartEditing} needs from its editor. */
export interface PartEditingOptions {
  /** Read at every transaction: false in view mode, where nothing opens. */
  readonly isEditable: () => boolean;
  /** Called when a part opens or closes, and after each change of its selection or content (a toolbar follows it). */
  readonly onChange: () => void;
}

/**
 * Headers, footers and notes edited in place, as in Word: a double-click on one (painted on a
 * page, or shown on its sheet in `flow`), or Alt+Shift+H or F for the header or footer of the
 * page at the caret (or, in an open part, of its page), opens the part editor over it (a lazy chunk, see `PartEditor`), dims the
 * body, and keeps the body from changing while it is open; Escape or a click in the body closes
 * it. The editor follows the document as it changes (undo, new layouts).
 */
export interface PartEditing {
  /** The plugin of the document's view that opens parts and keeps the body still while one is open. */
  readonly plugin: Plugin;
  /** The view of the open part, which the editor's commands and toolbar act on; null while none is open. */
  readonly view: EditorView | null;
  /**
   * Opens the header or footer of the page at the caret in `view` (in `flow`, of the caret's
   * section; while a part is open, of its page), with the caret at its end; resolves to false in
   * view mode or where the page has none.
   */
  openAtCaret(view: EditorView, kind: 'header' | 'footer'): Promise<boolean>;
}

/** Returns the {@link PartEditing} of one document view, rendering parts with `context`. */
export function createPartEditing(context: RenderContext, options: PartEditingOptions): PartEditing {
  const { isEditable, onChange } = options;
  let editor: PartEditor | null = null;
  // What the open editor edits, and where it is shown.
  let shown: PartTarget | null = null;
  // Counts opening requests, so that only the last one opens an editor once the chunk has loaded.
  let opening = 0;
  let destroyed = false;
  // The headers and footers an editor added where a page had none, by part, with the sections given a copy (see `addPart`).
  const addedParts = new Map<string, readonly number[]>();

  const open = async (view: EditorView, target: PartTarget, at: { left: number; top: number } | null): Promise<boolean> => {
    const ticket = ++opening;
    const { PartEditor } = await import('./part-editor.js');
    if (ticket !== opening || destroyed || !isEditable()) return false;
    editor?.close(false);
    // A header or footer the page lacks is added, empty, and goes again if it is left so; a part
    // the document lost meanwhile (an undo) is not opened.
    const added = target.missing && target.key.kind !== 'footnote' ? addPart(view.state, target.key, partStyle(context, target.key.kind)) : null;
    const { key } = target;
    if (added) {
      view.dispatch(added.tr);
      addedParts.set(partName(key), added.sections);
    }
    if (!findPart(view.state.doc, key)) return false;
    const opened: PartEditor = new PartEditor(
      {
        main: view,
        key,
        context,
        locate: target.locate,
        fieldTexts: target.fieldTexts,
        onChange,
        onSwitch: (kind) => void openAtCaret(view, kind),
        onClose: () => {
          // After the close, which may come from within an update of the view; not while the same
          // part is open again (Alt+Shift+H twice), whose editor takes it out when it closes.
          const sections = addedParts.get(partName(key));
          if (sections && key.kind !== 'footnote') {
            queueMicrotask(() => {
              if (shown && partName(shown.key) === partName(key)) return;
              addedParts.delete(partName(key));
              const removal = view.isDestroyed ? null : removeEmptyPart(view.state, key, sections);
              if (removal) view.dispatch(removal);
            });
          }
          if (editor !== opened) return;
          editor = null;
          shown = null;
          onChange();
        },
      },
      at,
    );
    editor = opened;
    shown = target;
    onChange();
    return true;
  };

  // While a part is open, the caret is in it: the header or footer of its page is meant.
  const openAtCaret = (view: EditorView, kind: 'header' | 'footer'): Promise<boolean> => {
    const target = !isEditable() ? null : shown ? partTargetBeside(view, shown, kind) : partTargetAtCaret(view, kind);
    return target ? open(view, target, null) : Promise.resolve(false);
  };

  const keys = keydownHandler({
    [PART_SHORTCUTS.header]: (_state, _dispatch, view) => (view ? (void openAtCaret(view, 'header'), true) : false),
    [PART_SHORTCUTS.footer]: (_state, _dispatch, view) => (view ? (void openAtCaret(view, 'footer'), true) : false),
  });

  const plugin = new Plugin({
    // While a part is open, the body keeps still: the commands act on the part, a paste goes nowhere.
    filterTransaction: (tr) => editor === null || !tr.docChanged || tr.getMeta(PART_EDIT_META) === true || tr.getMeta(PART_ADD_META) === true || isHistoryTransaction(tr),
    props: {
      handleKeyDown: (view, event) => isEditable() && keys(view, event),
      handleDOMEvents: {
        dblclick: (view, event) => {
          if (!isEditable()) return false;
          const target = partTargetAt(view, event.target, event.clientY);
          if (!target) return false;
          event.preventDefault();
          void open(view, target, { left: event.clientX, top: event.clientY });
          return true;
        },
        // The keyboard stays in the open part (a toolbar button hands it back to the document).
        focus: () => {
          if (!editor) return false;
          editor.view.focus();
          return true;
        },
        // A click in the body leaves the part, and puts the caret where it was clicked as usual.
        mousedown: () => {
          opening += 1;
          editor?.close(false);
          return false;
        },
      },
    },
    // Made again whenever the view's plugins change (the pages join once laid out).
    view: () => {
      destroyed = false;
      return {
        update: () => {
          if (editor && !isEditable()) editor.close(false);
          editor?.update();
        },
        destroy: () => {
          destroyed = true;
          editor?.close(false);
        },
      };
    },
  });

  return {
    plugin,
    get view() {
      return editor?.view ?? null;
    },
    openAtCaret,
  };
}

// Word's "Header" or "Footer" paragraph style for a new part's paragraph, where the document defines it.
function partStyle(context: RenderContext, kind: 'header' | 'footer'): string | null {
  const id = kind === 'header' ? 'Header' : 'Footer';
  return context.paragraphStyles.has(id) ? id : null;
}

// A part's key as one string.
function partName(key: PartKey): string {
  return key.kind === 'footnote' ? `footnote:${key.id}` : `${key.kind}:${key.section}:${key.variant}`;
}
