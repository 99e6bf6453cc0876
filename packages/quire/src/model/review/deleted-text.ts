import { Fragment, type Mark, type Node } from 'prosemirror-model';

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

/**
 * Returns `node` without its tracked deletions: the document as if every change were accepted,
 * for the consumers that read text rather than lay it out (text extraction, outlines). The same
 * node when it holds none.
 */
export function withoutDeletions(node: Node): Node {
  if (node.isInline || !holdsDeletion(node)) return node;
  const children: Node[] = [];
  node.forEach((child) => {
    if (!(child.isInline && isDeletedText(child))) children.push(withoutDeletions(child));
  });
  return node.copy(Fragment.from(children));
}

function holdsDeletion(node: Node): boolean {
  let found = false;
  node.descendants((child) => {
    if (found) return false;
    if (child.isInline && isDeletedText(child)) found = true;
    return !child.isInline;
  });
  return found;
}
