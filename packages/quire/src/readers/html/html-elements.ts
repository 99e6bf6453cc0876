/**
 * Elements whose content is never converted. Those in {@link WARN_WHEN_DROPPED} earn a warning,
 * since their content may have mattered to the author; the others are normal document plumbing.
 */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'template',
  'svg', 'math', 'canvas', 'audio', 'video', 'picture', 'source', 'track', 'map', 'select', 'textarea',
  'button', 'input', 'head', 'link', 'meta', 'base', 'param', 'noembed', 'noframes', 'dialog', 'slot',
]);

/** Dropped elements worth a warning. */
export const WARN_WHEN_DROPPED: ReadonlySet<string> = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'canvas', 'audio',
  'video', 'picture', 'select', 'textarea', 'button', 'input', 'dialog',
]);

/** Block elements that build no node: their loose text becomes paragraphs in the enclosing container. */
export const TRANSPARENT_BLOCKS: ReadonlySet<string> = new Set([
  'html', 'body', 'div', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'figure',
  'figcaption', 'address', 'center', 'form', 'fieldset', 'legend', 'details', 'summary', 'dl', 'dt', 'dd',
  'hgroup', 'menu', 'search', 'caption', 'option', 'optgroup',
]);

/** Table parts that only group rows. */
export const ROW_GROUPS: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot', 'colgroup', 'col']);

/** Inline elements that carry no formatting of their own (their `style` still counts). */
export const PLAIN_INLINE: ReadonlySet<string> = new Set([
  'span', 'small', 'big', 'abbr', 'acronym', 'q', 'bdi', 'bdo', 'time', 'data', 'label', 'wbr', 'nobr',
  'ruby', 'rt', 'rp', 'output', 'meter', 'progress', 'font', 'a',
]);

/** Marks that inline elements stand for, by mark name. */
export const MARK_ELEMENTS: ReadonlyMap<string, string> = new Map(Object.entries({
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', cite: 'italic', dfn: 'italic', var: 'italic',
  u: 'underline', ins: 'underline', s: 'strike', strike: 'strike', del: 'strike', code: 'code', kbd: 'code',
  samp: 'code', tt: 'code', sub: 'subscript', sup: 'superscript', mark: 'highlight',
}));
