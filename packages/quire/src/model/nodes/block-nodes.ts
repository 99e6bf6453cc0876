import type { NodeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from '../source-id-attr.js';

/** Block quotes, rules and page breaks. */
export const blockNodes: Record<string, NodeSpec> = {
  blockquote: {
    content: 'block+',
    group: 'block',
    defining: true,
    toDOM: () => ['blockquote', 0],
    parseDOM: [{ tag: 'blockquote' }],
  },
  horizontal_rule: {
    group: 'block',
    toDOM: () => ['hr'],
    parseDOM: [{ tag: 'hr' }],
  },
  page_break: {
    group: 'block',
    attrs: { sourceId: sourceIdAttrSpec },
    toDOM: () => ['div', { class: 'quire-page-break' }],
    parseDOM: [{ tag: 'div.quire-page-break' }],
  },
};
