import type { NodeSpec } from 'prosemirror-model';

/**
 * Inline leaves. An image's `src` is a `data:` URI or the name of a part of the package the
 * document was read from (e.g. `/word/media/image1.png`); a remote URL is never stored, because
 * nothing in Quire fetches one. Image sizes are in twips; `null` means "the image's own size".
 * A `field` is a field whose value depends on the pages: writers that paginate compute it.
 */
export const inlineNodes: Record<string, NodeSpec> = {
  image: {
    inline: true,
    group: 'inline',
    draggable: true,
    attrs: {
      src: { validate: 'string' },
      alt: { default: null, validate: 'string|null' },
      title: { default: null, validate: 'string|null' },
      width: { default: null, validate: 'number|null' },
      height: { default: null, validate: 'number|null' },
      /** Wrapping and position of an anchored image (`ImageFloat`); null for an inline one. */
      float: { default: null },
    },
    leafText: () => '',
    toDOM: (node) => {
      const attrs: Record<string, string> = { src: String(node.attrs['src']) };
      if (node.attrs['alt'] !== null) attrs['alt'] = String(node.attrs['alt']);
      if (node.attrs['title'] !== null) attrs['title'] = String(node.attrs['title']);
      return ['img', attrs];
    },
    parseDOM: [
      {
        tag: 'img[src^="data:"]',
        getAttrs: (dom) => ({ src: dom.getAttribute('src'), alt: dom.getAttribute('alt'), title: dom.getAttribute('title') }),
      },
    ],
  },
  hard_break: {
    inline: true,
    group: 'inline',
    selectable: false,
    attrs: {
      /** `line`, or `column` for a column break (`w:br w:type="column"`, ECMA-376 Part 1, 17.3.3.1): the text goes on in the next column. */
      kind: { default: 'line', validate: 'string' },
    },
    leafText: () => '\n',
    toDOM: () => ['br'],
    parseDOM: [{ tag: 'br' }],
  },
  field: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: {
      /**
       * The field's name: `PAGE` (the number of the page it is on), `NUMPAGES` (the document's page
       * count), `SECTIONPAGES` (its section's page count) or `PAGEREF` (the number of the page a
       * bookmark is on).
       */
      name: { validate: 'string' },
      /** The result last computed by the producer, shown where pages are not known (an editor, a flowing format). */
      text: { default: '', validate: 'string' },
      /** The field's code as read (`PAGEREF _Toc1 \h`), which writers keep; empty for a field made anew. */
      code: { default: '', validate: 'string' },
      /** The bookmark whose page a `PAGEREF` shows; null for other fields. */
      bookmark: { default: null, validate: 'string|null' },
      /** The number format its `\*` switch asks for (a `ListNumberFormat`), or null for the usual one. */
      format: { default: null, validate: 'string|null' },
    },
    leafText: (node) => String(node.attrs['text']),
    toDOM: (node) => {
      const attrs: Record<string, string> = { class: 'quire-field', 'data-field': String(node.attrs['name']) };
      if (node.attrs['code'] !== '') attrs['data-code'] = String(node.attrs['code']);
      if (node.attrs['bookmark'] !== null) attrs['data-bookmark'] = String(node.attrs['bookmark']);
      if (node.attrs['format'] !== null) attrs['data-format'] = String(node.attrs['format']);
      return ['span', attrs, String(node.attrs['text'])];
    },
    parseDOM: [
      {
        tag: 'span.quire-field[data-field]',
        getAttrs: (dom) => ({
          name: dom.getAttribute('data-field'),
          text: dom.textContent ?? '',
          code: dom.getAttribute('data-code') ?? '',
          bookmark: dom.getAttribute('data-bookmark'),
          format: dom.getAttribute('data-format'),
        }),
      },
    ],
  },
  footnote_reference: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: {
      /** The `id` of the `footnote` node at the end of the document that this reference shows. */
      id: { validate: 'string' },
    },
    leafText: () => '',
    toDOM: (node) => ['sup', { class: 'quire-footnote-ref', 'data-footnote-id': String(node.attrs['id']) }],
  },
};
