import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import { twipsToPixels } from '../../../model/units.js';
import type { RenderContext } from '../render-context.js';

/**
 * A header or footer, shown at the top or bottom of its section's sheet; a double-click edits it
 * in the part editor (editor/parts/), not here. Which variant shows (first page or default) is
 * decided by style.css from the sheet's `data-title-page`.
 */
export function headerFooterView(node: Node, context: RenderContext): NodeView {
  const kind = node.attrs['kind'] === 'footer' ? 'footer' : 'header';
  const dom = context.page.createElement(kind);
  dom.className = 'quire-header-footer';
  dom.contentEditable = 'false';
  dom.dataset['kind'] = kind;
  dom.dataset['variant'] = String(node.attrs['variant']);
  return { dom, contentDOM: dom, update: (next) => next.type === node.type && next.sameMarkup(node) };
}

/** A footnote or endnote, shown after the last sheet with its number; a double-click edits it in the part editor. */
export function footnoteView(node: Node, context: RenderContext): NodeView {
  const { page } = context;
  const dom = page.createElement('aside');
  dom.className = 'quire-note';
  dom.contentEditable = 'false';
  const { pageSize, margins } = context.notesSheet;
  dom.style.setProperty('--quire-page-width', `${twipsToPixels(pageSize.width)}px`);
  dom.style.setProperty('--quire-margin-left', `${twipsToPixels(Math.max(0, margins.left))}px`);
  dom.style.setProperty('--quire-margin-right', `${twipsToPixels(Math.max(0, margins.right))}px`);
  const number = page.createElement('span');
  number.className = 'quire-note-number';
  number.textContent = context.footnoteNumbers.get(String(node.attrs['id'])) ?? '';
  const contentDOM = page.createElement('div');
  contentDOM.className = 'quire-note-body';
  dom.append(number, contentDOM);
  return { dom, contentDOM, update: (next) => next.type === node.type && next.sameMarkup(node) };
}

/** A footnote reference: the note's number, raised. */
export function footnoteReferenceView(node: Node, context: RenderContext): NodeView {
  const dom = context.page.createElement('sup');
  dom.className = 'quire-note-reference';
  dom.textContent = context.footnoteNumbers.get(String(node.attrs['id'])) ?? '*';
  return { dom };
}
