import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';

/**
 * A node view whose element holds the node's content and shows its attributes through `render`,
 * called once now and again only when an update brings other attributes (content updates are
 * ProseMirror's own).
 */
export function markupView(dom: HTMLElement, node: Node, render: (next: Node) => void): NodeView {
  render(node);
  let current = node;
  return {
    dom,
    contentDOM: dom,
    update(next) {
      if (next.type !== current.type) return false;
      if (!next.sameMarkup(current)) render(next);
      current = next;
      return true;
    },
  };
}
