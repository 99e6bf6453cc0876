import { isHistoryTransaction } from 'prosemirror-history';
import { Plugin } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { PART_EDIT_META } from '../view/read-only-guard.js';
import type { RenderContext } from '../view/render-context.js';
import type { PartEditor } from './part-editor.js';
import { findPart } from './part-key.js';
import { partTargetAt, type PartTarget } from './part-target.js';

/**
 * Headers, footers and notes edited in place, as in Word: a double-click on one (painted on a
 * page, or shown on its sheet in `flow`) opens the part editor over it (a lazy chunk, see
 * `PartEditor`), dims the body, and keeps the body from changing while it is open; Escape or a
 * click in the body closes it. The editor follows the document as it changes (undo, new layouts).
 */
export function partEditing(context: RenderContext, isEditable: () => boolean): Plugin {
  let editor: PartEditor | null = null;
  // Counts double-clicks, so that only the last one opens an editor once the chunk has loaded.
  let opening = 0;
  let destroyed = false;

  const open = (view: EditorView, target: PartTarget, at: { left: number; top: number }) => {
    const ticket = ++opening;
    void import('./part-editor.js').then(({ PartEditor }) => {
      // The document may have lost the part meanwhile (an undo): then there is nothing to open.
      if (ticket !== opening || destroyed || !isEditable() || !findPart(view.state.doc, target.key)) return;
      editor?.close(false);
      const opened: PartEditor = new PartEditor({ main: view, key: target.key, context, locate: target.locate, fieldTexts: target.fieldTexts, onClose: () => void (editor === opened && (editor = null)) }, at);
      editor = opened;
    });
  };

  return new Plugin({
    // While a part is open, the body keeps still: a toolbar command or a paste goes nowhere.
    filterTransaction: (tr) => editor === null || !tr.docChanged || tr.getMeta(PART_EDIT_META) === true || isHistoryTransaction(tr),
    props: {
      handleDOMEvents: {
        dblclick: (view, event) => {
          if (!isEditable()) return false;
          const target = partTargetAt(view, event.target, event.clientY);
          if (!target) return false;
          event.preventDefault();
          open(view, target, { left: event.clientX, top: event.clientY });
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
}
