import type { Node } from 'prosemirror-model';
import { withoutDeletions } from './review/deleted-text.js';

/**
 * Returns the text of a model node: inline text joined as written, one line feed between blocks,
 * a line feed for each hard break, and opaque nodes as their text. Headers, footers and footnotes
 * are included where they stand in the tree. Tracked deletions are left out: the text is the
 * document's as if every change were accepted.
 */
export function extractText(node: Node): string {
  const accepted = withoutDeletions(node);
  return accepted.textBetween(0, accepted.content.size, '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '');
}
