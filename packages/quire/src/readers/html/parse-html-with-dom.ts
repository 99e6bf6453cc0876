import type { HtmlHandler, HtmlParser } from './html-parser.js';

/**
 * Parses `html` with the browser's own parser (`DOMParser`, the HTML standard's algorithm) and
 * calls `handler` for each element, text and end of element, as `parseHtml` does with htmlparser2.
 * The parsed document is inert: no script runs and nothing is fetched. The walk keeps no stack of
 * calls, and the browser bounds nesting while it builds the tree (Blink at 512 levels), so the depth
 * options of `parseHtml` have nothing to do here. Comments are skipped. Never throws.
 */
export const parseHtmlWithDom: HtmlParser = (html, handler) => {
  let root: Element;
  try {
    root = new DOMParser().parseFromString(html, 'text/html').documentElement;
  } catch {
    return;
  }
  let node: Node = root;
  for (;;) {
    const first = enter(node, handler);
    if (first !== null) {
      node = first;
      continue;
    }
    // A node without children: leave it and every ancestor whose last child it ends.
    for (;;) {
      leave(node, handler);
      if (node === root) return;
      const next: Node | null = node.nextSibling;
      if (next !== null) {
        node = next;
        break;
      }
      node = node.parentNode!;
    }
  }
};

/** Reports a node's start; returns its first child, or null when it has none. */
function enter(node: Node, handler: HtmlHandler): Node | null {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
    handler.ontext?.((node as CharacterData).data);
    return null;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) attributes[attribute.name.toLowerCase()] = attribute.value;
  handler.onopentag?.(element.localName.toLowerCase(), attributes, false);
  return element.firstChild;
}

function leave(node: Node, handler: HtmlHandler): void {
  if (node.nodeType === Node.ELEMENT_NODE) handler.onclosetag?.((node as Element).localName.toLowerCase(), false);
}
