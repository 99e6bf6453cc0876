import type { NodeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from '../source-id-attr.js';

/** Block quotes, rules, page breaks and text boxes. */
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
  /**
   * An anchored text box (`wps:txbx` in a `wp:anchor`, ECMA-376 Part 1, 20.4.2.3): its blocks,
   * read where it is anchored, with the box's placement (`float`, an `ImageFloat`), its size in
   * twips (`width`, `height`; null when unknown) and the space between its edges and its text
   * (`inset`: `{ top, right, bottom, left }` in twips; null for Word's default). Writers that do not
   * place boxes write its blocks in the flow. Isolating: editing stays inside the box.
   */
  text_box: {
    content: 'block+',
    group: 'block',
    defining: true,
    isolating: true,
    attrs: {
      float: { default: null },
      width: { default: null, validate: 'number|null' },
      height: { default: null, validate: 'number|null' },
      inset: { default: null },
    },
    toDOM: () => ['div', { class: 'quire-text-box' }, 0],
  },
  page_break: {
    group: 'block',
    attrs: { sourceId: sourceIdAttrSpec },
    toDOM: () => ['div', { class: 'quire-page-break' }],
    parseDOM: [{ tag: 'div.quire-page-break' }],
  },
};
