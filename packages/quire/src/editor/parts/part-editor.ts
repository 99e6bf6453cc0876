// The part editor, loaded on the first double-click on a header, footer or note: a ProseMirror
// view of its own over the part, whose changes go to the document's view as steps inside it.
import { baseKeymap } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Node } from 'prosemirror-model';
import { EditorState, Selection, TextSelection, type Transaction } from 'prosemirror-state';
import { StepMap } from 'prosemirror-transform';
import { EditorView } from 'prosemirror-view';
import { editorKeymap } from '../commands/editor-keymap.js';
import { applyDocumentLook } from '../view/document-look.js';
import { createMarkViews } from '../view/marks/mark-views.js';
import { createNodeViews } from '../view/node-views.js';
import { PART_EDIT_META } from '../view/read-only-guard.js';
import type { RenderContext } from '../view/render-context.js';
import { tabStops } from '../view/tab-stops.js';
import { findPart, type PartKey } from './part-key.js';
import { PART_SHORTCUTS } from './part-shortcuts.js';

/** What a {@link PartEditor} needs. */
export interface PartEditorOptions {
  /** The document's view, which the part's changes go to and whose history undoes them. */
  readonly main: EditorView;
  readonly key: PartKey;
  readonly context: RenderContext;
  /** Finds the element the part is shown in now, which the editor covers; null once it is gone. */
  readonly locate: () => HTMLElement | null;
  /** What the part's page fields show on the page it was opened on, in document order (null: the saved result). */
  readonly fieldTexts: readonly (string | null)[];
  /** Called after each transaction of the part's view: its selection or content changed. */
  readonly onChange: () => void;
  /** Called on Alt+Shift+H or F: the header or footer of the part's page is asked for. */
  readonly onSwitch: (kind: 'header' | 'footer') => void;
  /** Called once the editor has closed (Escape, or `close`). */
  readonly onClose: () => void;
}

// Transactions that bring the part editor up to the document, which are not sent back to it.
const FROM_DOCUMENT = 'quire-from-document';

/**
 * Edits one header, footer or note in place, as Word does: a box laid over where the part is
 * shown (a page's painted header, footer or footnote, or the part on its sheet in `flow`) holds a
 * view of the part's content, with the caret at `at` when it falls on its text, else at the end.
 * Each change there is sent to the document's view as the same steps moved to the part's place
 * (marked `PART_EDIT_META`, which the read-only guard lets through), so that the pages are laid
 * out again with it and the document's undo takes it back. Escape closes the editor.
 */
export class PartEditor {
  readonly view: EditorView;
  private readonly element: HTMLElement;
  private readonly host: HTMLElement;
  private closed = false;
  private frame: number | null = null;

  constructor(
    private readonly options: PartEditorOptions,
    at: { readonly left: number; readonly top: number } | null,
  ) {
    const { main, context, key } = options;
    const found = findPart(main.state.doc, key);
    if (!found) throw new Error('The part to edit is not in the document.');
    const page = main.dom.ownerDocument;
    this.host = main.dom.parentElement ?? main.dom;
    this.element = page.createElement('div');
    this.element.className = 'quire-part-editor';
    this.element.dataset['part'] = key.kind;
    this.element.dataset['label'] = labelOf(key);
    if (key.kind === 'footnote') {
      const number = page.createElement('span');
      number.className = 'quire-note-number';
      number.textContent = context.footnoteNumbers.get(key.id) ?? '';
      this.element.append(number);
    }
    const schema = main.state.schema;
    this.view = new EditorView(this.element, {
      state: EditorState.create({
        doc: found.node,
        plugins: [
          keymap({
            Escape: () => (this.close(true), true),
            'Mod-z': () => undo(main.state, main.dispatch),
            'Shift-Mod-z': () => redo(main.state, main.dispatch),
            'Mod-y': () => redo(main.state, main.dispatch),
            [PART_SHORTCUTS.header]: () => (this.options.onSwitch('header'), true),
            [PART_SHORTCUTS.footer]: () => (this.options.onSwitch('footer'), true),
          }),
          keymap(editorKeymap(schema, () => false)),
          keymap(baseKeymap),
          tabStops(),
        ],
      }),
      nodeViews: createNodeViews(context),
      markViews: createMarkViews(page),
      attributes: { class: 'quire-document quire-part-document', role: 'textbox', 'aria-multiline': 'true', 'aria-label': labelOf(key) },
      dispatchTransaction: (tr) => this.apply(tr),
    });
    applyDocumentLook(this.view.dom, context.look);
    this.host.classList.add('quire-editing-part');
    this.host.append(this.element);
    this.follow();
    const pos = at ? this.view.posAtCoords(at)?.pos : undefined;
    const doc = this.view.state.doc;
    this.view.dispatch(this.view.state.tr.setSelection(pos === undefined ? Selection.atEnd(doc) : TextSelection.near(doc.resolve(pos))).setMeta(FROM_DOCUMENT, true));
    this.view.focus();
  }

  /** Brings the editor up to the document's view after a change there (an undo); closes it and returns false when the part is gone. */
  update(): boolean {
    if (this.closed) return false;
    const found = findPart(this.options.main.state.doc, this.options.key);
    if (!found) {
      this.close(false);
      return false;
    }
    this.take(found.node);
    return true;
  }

  /** Removes the editor; the keyboard goes back to the document when `focusDocument`. */
  close(focusDocument: boolean): void {
    if (this.closed) return;
    this.closed = true;
    if (this.frame !== null) this.view.dom.ownerDocument.defaultView?.cancelAnimationFrame(this.frame);
    this.view.destroy();
    this.element.remove();
    this.host.classList.remove('quire-editing-part');
    this.options.onClose();
    if (focusDocument) this.options.main.focus();
  }

  private apply(tr: Transaction): void {
    if (this.closed) return;
    const { state, transactions } = this.view.state.applyTransaction(tr);
    this.view.updateState(state);
    this.showFieldTexts();
    this.options.onChange();
    if (tr.getMeta(FROM_DOCUMENT) === true || !transactions.some((each) => each.docChanged)) return;
    const { main, key } = this.options;
    const found = findPart(main.state.doc, key);
    if (!found) return;
    // The part's content starts right after its node's opening.
    const offset = StepMap.offset(found.pos + 1);
    const outer = main.state.tr;
    for (const step of transactions.flatMap((each) => each.steps)) {
      const moved = step.map(offset);
      if (!moved || outer.maybeStep(moved).failed) break;
    }
    main.dispatch(outer.setMeta(PART_EDIT_META, true));
    // A change the document refused (view mode) is taken back here too.
    this.update();
  }

  // A PAGE field shows the number of the page the part was opened on, as the page paints it. A
  // field is an atom, whose element ProseMirror neither reads nor edits: the document keeps its result.
  private showFieldTexts(): void {
    const { fieldTexts } = this.options;
    if (fieldTexts.length === 0) return;
    this.view.dom.querySelectorAll('.quire-field').forEach((element, index) => {
      const text = fieldTexts[index];
      if (typeof text === 'string' && element.textContent !== text) element.textContent = text;
    });
  }

  // Replaces what differs between the part as edited here and `node` (ProseMirror's footnote example).
  private take(node: Node): void {
    const state = this.view.state;
    const start = node.content.findDiffStart(state.doc.content);
    if (start === null) return;
    let { a: endA, b: endB } = node.content.findDiffEnd(state.doc.content) ?? { a: node.content.size, b: state.doc.content.size };
    const overlap = start - Math.min(endA, endB);
    if (overlap > 0) {
      endA += overlap;
      endB += overlap;
    }
    this.view.dispatch(state.tr.replace(start, endB, node.slice(start, endA)).setMeta(FROM_DOCUMENT, true));
  }

  // The part moves as the pages are laid out and measured again (not always in a transaction): the
  // editor is moved over it once a frame, after the pages' own measuring, while it is open.
  private follow(): void {
    this.place();
    const window = this.host.ownerDocument.defaultView;
    if (!this.closed && window) this.frame = window.requestAnimationFrame(() => this.follow());
  }

  // Over the part where it is shown, in the coordinates of the scrolling viewport that holds both.
  private place(): void {
    const shown = this.options.locate();
    if (!shown) return;
    const box = shown.getBoundingClientRect();
    const host = this.host.getBoundingClientRect();
    const { style } = this.element;
    const set = (name: string, pixels: number) => {
      const value = `${Math.round(pixels * 100) / 100}px`;
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    };
    set('left', box.left - host.left - this.host.clientLeft + this.host.scrollLeft);
    set('top', box.top - host.top - this.host.clientTop + this.host.scrollTop);
    set('width', box.width);
    set('min-height', box.height);
  }
}

// As Word names the part it edits.
function labelOf(key: PartKey): string {
  if (key.kind === 'footnote') return key.id.startsWith('endnote-') ? 'Endnote' : 'Footnote';
  const kind = key.kind === 'header' ? 'Header' : 'Footer';
  return key.variant === 'first' ? `First Page ${kind}` : key.variant === 'even' ? `Even Page ${kind}` : kind;
}
