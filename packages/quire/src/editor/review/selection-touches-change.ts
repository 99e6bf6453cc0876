import type { Node } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';

/**
 * Whether the selection touches a tracked change, as `acceptChangesInSelection` finds them, told
 * from the nodes at the selection alone (no walk of the document), so a toolbar can ask on every
 * selection change: text with a change mark in the selection or beside the caret, a paragraph
 * whose changed mark the selection reaches, a paragraph whose properties changed that it is in or
 * reaches, or a changed row it is in.
 */
export function selectionTouchesChange(state: EditorState): boolean {
  const { $from, from, to, empty } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if (hasRowChange($from.node(depth)) || hasFormatChange($from.node(depth))) return true;
  if (empty) {
    const parent = $from.parent;
    return hasChangeMark($from.nodeBefore) || hasChangeMark($from.nodeAfter) || (parent.isTextblock && Boolean(parent.attrs['markChange']) && $from.parentOffset === parent.content.size);
  }
  let touches = false;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (touches) return false;
    if (hasChangeMark(node) || hasRowChange(node) || hasFormatChange(node) || (node.isTextblock && Boolean(node.attrs['markChange']) && to > pos + node.nodeSize - 1)) touches = true;
    return !touches;
  });
  return touches;
}

function hasChangeMark(node: Node | null | undefined): boolean {
  return node?.isInline === true && node.marks.some((mark) => CHANGE_MARKS.has(mark.type.name));
}

const CHANGE_MARKS = new Set(['insertion', 'deletion', 'formatChange']);

function hasFormatChange(node: Node): boolean {
  return node.isTextblock && Boolean(node.attrs['formatChange']);
}

function hasRowChange(node: Node): boolean {
  return node.type.name === 'table_row' && Boolean(node.attrs['change']);
}
