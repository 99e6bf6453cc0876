import type { Node } from 'prosemirror-model';

/**
 * Returns the text of a model node: inline text joined as written, one line feed between blocks,
 * a line feed for each hard break, and opaque nodes as their text. Headers, footers and footnotes
 * are included where they stand in the tree.
 */
export function extractText(node: Node): string {
  return node.textBetween(0, node.content.size, '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '');
}
