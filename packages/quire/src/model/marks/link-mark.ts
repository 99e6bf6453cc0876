import type { MarkSpec } from 'prosemirror-model';

/**
 * A hyperlink. `href` is an absolute URL, a relative reference or `#anchor` (a bookmark in the
 * document); readers drop links whose scheme could run code (`javascript:`, `vbscript:`, `data:`).
 */
export const linkMark: MarkSpec = {
  attrs: {
    href: { validate: 'string' },
    title: { default: null, validate: 'string|null' },
  },
  inclusive: false,
  toDOM: (mark) => {
    const attrs: Record<string, string> = { href: String(mark.attrs['href']) };
    if (mark.attrs['title'] !== null) attrs['title'] = String(mark.attrs['title']);
    return ['a', attrs, 0];
  },
  parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => ({ href: dom.getAttribute('href'), title: dom.getAttribute('title') }) }],
};
