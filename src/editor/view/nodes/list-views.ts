import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import type { ListNumberFormat } from '../../../model/nodes/list-nodes.js';
import { estimateLines } from '../block-lines.js';
import { cssString } from '../font-stack.js';
import type { RenderContext } from '../render-context.js';

// Word bullets in the Symbol and Wingdings fonts are private-use characters (U+F0xx) that no web
// font draws; they are shown as the Unicode characters they look like.
const SYMBOL_BULLETS: Readonly<Record<string, string>> = {
  '\uF0B7': '•',
  '\uF0A7': '▪',
  '\uF076': '❖',
  '\uF0D8': '➢',
  '\uF0FC': '✓',
  '\uF06E': '■',
  '\uF071': '❑',
  '\uF0A8': '◆',
  '\uF0E0': '➔',
};

/** Returns the marker a bullet list shows for its `marker` attribute; null for the browser's default. */
export function bulletMarker(marker: unknown): string | null {
  if (typeof marker !== 'string' || marker.trim() === '') return null;
  const first = [...marker.trim()][0] ?? '';
  if (first in SYMBOL_BULLETS) return SYMBOL_BULLETS[first]!;
  return /[\uE000-\uF8FF]/.test(first) ? '•' : first;
}

/** A bullet list: `<ul>` whose marker is the document's bullet character, set through the CSSOM. */
export function bulletListView(node: Node, context: RenderContext): NodeView {
  return listView(node, context, 'ul', (dom, list) => {
    const marker = bulletMarker(list.attrs['marker']);
    if (marker === null) dom.style.removeProperty('list-style-type');
    else dom.style.setProperty('list-style-type', cssString(`${marker} `));
  });
}

const CSS_LIST_TYPES: Readonly<Record<ListNumberFormat, string>> = { decimal: '1', lowerLetter: 'a', upperLetter: 'A', lowerRoman: 'i', upperRoman: 'I' };

/** A numbered list: `<ol>` with its first number and number format. */
export function orderedListView(node: Node, context: RenderContext): NodeView {
  return listView(node, context, 'ol', (dom, list) => {
    const start = list.attrs['start'];
    dom.setAttribute('start', String(typeof start === 'number' && Number.isFinite(start) ? Math.floor(start) : 1));
    dom.setAttribute('type', CSS_LIST_TYPES[list.attrs['format'] as ListNumberFormat] ?? '1');
  });
}

// A list element drawn by `render`, sized while off screen by its estimated lines (style.css).
function listView(node: Node, context: RenderContext, tag: 'ul' | 'ol', render: (dom: HTMLElement, list: Node) => void): NodeView {
  const dom = context.page.createElement(tag);
  render(dom, node);
  dom.style.setProperty('--quire-lines', String(estimateLines(node, context)));
  let current = node;
  return {
    dom,
    contentDOM: dom,
    update(next) {
      if (next.type !== current.type) return false;
      if (!next.sameMarkup(current)) render(dom, next);
      current = next;
      return true;
    },
  };
}
