import { baseKeymap } from 'prosemirror-commands';
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Node } from 'prosemirror-model';
import { EditorState, type Plugin, type Transaction } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { EditorView } from 'prosemirror-view';
import { editorKeymap } from '../commands/editor-keymap.js';
import { SanitizingClipboardParser, copiedAsShown, parsePlainText } from './clipboard.js';
import { createReviewDomParser } from '../review/suggest-dom-parser.js';
import { reviewNavigationKeys } from '../review/review-navigation-keys.js';
import { applyDocumentLook } from './document-look.js';
import { createMarkViews } from './marks/mark-views.js';
import { createNodeViews } from './node-views.js';
import { paragraphAfterTables } from './paragraph-after-tables.js';
import { readOnlyGuard } from './read-only-guard.js';
import type { RenderContext } from './render-context.js';
import { tabStops } from './tab-stops.js';

/** What {@link createDocumentView} needs. */
export interface DocumentViewOptions {
  /** The element the view's `.quire-document` element is appended to. */
  readonly place: HTMLElement;
  readonly doc: Node;
  readonly context: RenderContext;
  /** Read at every transaction and render: false in view mode. */
  readonly isEditable: () => boolean;
  /** Mod-K: opens the toolbar's link form; returns false without a toolbar. */
  readonly openLinkForm: () => boolean;
  /** Receives every transaction; applies it to the view (see `EditorView.updateState`). */
  readonly dispatch: (view: EditorView, tr: Transaction) => void;
  /** The plugin that opens headers, footers and notes in the part editor (see `createPartEditing`). */
  readonly partEditing: Plugin;
}

/**
 * Returns a ProseMirror view of `doc` with its own state and history (undo never crosses
 * editors or documents), Quire's node and mark views, keyboard shortcuts, table editing,
 * sanitising paste, the guard that keeps headers, footers and notes to the part editor opened by
 * a double-click on one (see `createPartEditing`), the empty
 * paragraph Word keeps after a table that ends a cell or a section, tabs set at their stops and
 * the keys of Next and Previous change.
 */
export function createDocumentView(options: DocumentViewOptions): EditorView {
  const { doc, context } = options;
  const schema = doc.type.schema;
  const state = EditorState.create({
    doc,
    plugins: [
      reviewNavigationKeys(),
      tableEditing(),
      keymap(editorKeymap(schema, options.openLinkForm)),
      keymap(baseKeymap),
      history(),
      dropCursor(),
      gapCursor(),
      readOnlyGuard(options.isEditable),
      options.partEditing,
      paragraphAfterTables(),
      tabStops(),
    ],
  });
  const view: EditorView = new EditorView(options.place, {
    state,
    editable: () => options.isEditable(),
    nodeViews: createNodeViews(context),
    markViews: createMarkViews(context.page),
    // The view reads its own edited DOM with the review marks it drew (suggest mode depends on it).
    domParser: createReviewDomParser(schema),
    clipboardParser: new SanitizingClipboardParser(schema),
    clipboardTextParser: (text, $context) => parsePlainText(text, $context, schema),
    transformCopied: (slice, copiedFrom) => copiedAsShown(slice, copiedFrom.dom.closest<HTMLElement>('[data-markup]')?.dataset['markup']),
    // In the Tab order in view mode too (no longer contenteditable), so that the keyboard can
    // scroll the viewport (WCAG 2.1.1).
    attributes: { class: 'quire-document', role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Document', tabindex: '0' },
    dispatchTransaction: (tr) => options.dispatch(view, tr),
  });
  applyDocumentLook(view.dom, context.look);
  return view;
}
