import type { Node } from 'prosemirror-model';
import { isDeletedText } from './review/deleted-text.js';

/**
 * Returns the text of a model node: inline text joined as written, one line feed between blocks,
 * a line feed for each hard break, and opaque nodes as their text. Headers, footers and footnotes
 * are included where they stand in the tree. Tracked deletions are left out: the text is the
 * document's as if every change were accepted.
 */
export function extractText(node: Node): string {
  // ProseMirror's `textBetween(0, size, '\n', leafText)` in one pass, skipping deleted inline nodes.
  let text = '';
  let first = true;
  node.descendants((child) => {
    const deleted = child.isInline && child.marks.length > 0 && isDeletedText(child);
    const own = deleted ? '' : child.isText ? child.text! : child.isLeaf ? (child.type.spec.leafText?.(child) ?? '') : '';
    if (child.isBlock && ((child.isLeaf && own !== '') || child.isTextblock)) {
      if (first) first = false;
      else text += '\n';
    }
    text += own;
  });
  return text;
}
