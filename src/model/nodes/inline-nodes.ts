import type { NodeSpec } from 'prosemirror-model';

/**
 * Inline leaves. An image's `src` is a `data:` URI or the name of a part of the package the
 * document was read from (e.g. `/word/media/image1.png`); a remote URL is never stored, because
 * nothing in Quire fetches one. Image sizes are in twips; `null` means "the image's own size".
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
    leafText: () => '\n',
    toDOM: () => ['br'],
    parseDOM: [{ tag: 'br' }],
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
