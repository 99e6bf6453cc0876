import type { Mark, Node } from 'prosemirror-model';

/**
 * Whether an inline node is tracked as deleted: the document as it reads (accepted) leaves it out.
 * A loop over the node's few marks, cheap enough for every inline node the layout sets.
 */
export function isDeletedText(node: Node): boolean {
  return hasDeletion(node.marks);
}

/** Whether `marks` hold a tracked deletion. */
export function hasDeletion(marks: readonly Mark[]): boolean {
  for (const mark of marks) if (mark.type.name === 'deletion') return true;
  return false;
}
