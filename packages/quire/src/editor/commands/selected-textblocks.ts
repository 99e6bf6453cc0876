import type { Node } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';

/** A paragraph or heading and its position. */
export interface PositionedBlock {
  readonly node: Node;
  readonly pos: number;
}

/** Returns the paragraphs and headings the selection touches (every range of a cell selection), in document order. */
export function selectedTextblocks(state: EditorState): PositionedBlock[] {
  const found: PositionedBlock[] = [];
  const seen = new Set<number>();
  for (const range of state.selection.ranges) {
    state.doc.nodesBetween(range.$from.pos, range.$to.pos, (node, pos) => {
      if (node.type.name === 'paragraph' || node.type.name === 'heading') {
        if (!seen.has(pos)) found.push({ node, pos });
        seen.add(pos);
      }
      return !node.isTextblock;
    });
  }
  return found;
}
