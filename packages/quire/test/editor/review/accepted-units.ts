// Where the same edit lands in a document holding tracked changes and in the document the same
// edits made without them: both are walked by the units of their accepted text.
import type { Node } from 'prosemirror-model';

/**
 * Where each unit of the accepted text (a character, or a paragraph break) starts in `document`,
 * and one more entry for its end: edits are placed by these units, so that the same edit lands on
 * the same text in the suggest-mode document (holding deleted text) and the edit-mode one.
 */
export function unitPositions(document: Node): number[] {
  const positions: number[] = [];
  let end = 0;
  document.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (positions.length > 0 && end > 0) positions.push(end);
    node.forEach((child, offset) => {
      if (!child.isText || child.marks.some((mark) => mark.type.name === 'deletion')) return;
      for (let index = 0; index < child.text!.length; index++) positions.push(pos + 1 + offset + index);
    });
    end = pos + node.nodeSize - 1;
    // A deleted paragraph mark is no break of the accepted text.
    if (node.attrs['markChange']?.kind === 'deletion') end = -end;
    return false;
  });
  positions.push(Math.abs(end));
  return positions.map(Math.abs);
}
