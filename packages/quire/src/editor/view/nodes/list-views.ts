import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import type { ListNumberFormat } from '../../../model/nodes/list-nodes.js';
import { estimateLines } from '../block-lines.js';
import { cssString } from '../font-stack.js';
import type { RenderContext } from '../render-context.js';
import { markupView } from './markup-view.js';

/**
 * Returns the bullet a list shows for its `marker` attribute (the character the reader decoded,
 * see `decodeSymbolCharacter`); null for the level's usual bullet, also for a private-use
 * character that no font but the document's symbol font draws.
 */
export function bulletMarker(marker: unknown): string | null {
  if (typeof marker !== 'string') return null;
  const first = [...marker.trim()][0];
  return first === undefined || /[\uE000-\uF8FF]/u.test(first) ? null : first;
}

/** A bullet list: `<ul>` whose bullet (style.css draws it) is the document's character, set through the CSSOM. */
export function bulletListView(node: Node, context: RenderContext): NodeView {
  return listView(node, context, 'ul', (dom, list) => {
    const marker = bulletMarker(list.attrs['marker']);
    // `initial` rather than nothing: a list inside another must not take the outer list's bullet.
    dom.style.setProperty('--quire-bullet', marker === null ? 'initial' : cssString(marker));
  });
}

const FORMATS: ReadonlySet<string> = new Set<ListNumberFormat>(['decimal', 'decimalZero', 'lowerLetter', 'upperLetter', 'lowerRoman', 'upperRoman']);

/**
 * A numbered list: `<ol>` with its first number, its number format (`data-format`) and the text
 * around its numbers, from which style.css counts and draws its items' numbers (`quire-item`).
 */
export function orderedListView(node: Node, context: RenderContext): NodeView {
  return listView(node, context, 'ol', (dom, list) => {
    const attribute = list.attrs['start'];
    const start = typeof attribute === 'number' && Number.isFinite(attribute) ? Math.max(-1e9, Math.min(1e9, Math.floor(attribute))) : 1;
    const format = String(list.attrs['format']);
    dom.setAttribute('start', String(start));
    dom.dataset['format'] = FORMATS.has(format) ? format : 'decimal';
    dom.style.setProperty('--quire-start', String(start));
    // Set on every list: a list inside another must not take the outer list's text.
    dom.style.setProperty('--quire-prefix', cssString(typeof list.attrs['prefix'] === 'string' ? list.attrs['prefix'] : ''));
    dom.style.setProperty('--quire-suffix', cssString(typeof list.attrs['suffix'] === 'string' ? list.attrs['suffix'] : '.'));
  });
}

// A list element drawn by `render`, sized while off screen by its estimated lines (style.css).
function listView(node: Node, context: RenderContext, tag: 'ul' | 'ol', render: (dom: HTMLElement, list: Node) => void): NodeView {
  const dom = context.page.createElement(tag);
  dom.style.setProperty('--quire-lines', String(estimateLines(node, context)));
  return markupView(dom, node, (list) => render(dom, list));
}
