import type { Node } from 'prosemirror-model';

// CSS Text 3, 4.1.1 (white-space: normal): runs of spaces, tabs and line feeds collapse to one
// space, and a space at the start or end of a line is removed. U+00A0 is not white space here.
const WHITE_SPACE = /[ \t\n\r\f]+/g;

/**
 * Returns `inline` with the white space of the text nodes that `isCollapsible` accepts (HTML text)
 * collapsed as a browser renders it: one space for each run, none at the start, at the end or
 * around a hard break. Other nodes are kept as they are; text nodes left empty are dropped.
 */
export function collapseWhitespace(inline: readonly Node[], isCollapsible: (node: Node) => boolean = () => true): Node[] {
  const out: Node[] = [];
  // Output nodes made from collapsible text: only their trailing space may be trimmed.
  const collapsed = new Set<Node>();
  const trimmable = (node: Node): boolean => collapsed.has(node);
  let afterSpace = true;
  for (const node of inline) {
    if (!node.isText) {
      if (node.type.name === 'hard_break') trimTrailingSpace(out, trimmable);
      afterSpace = node.type.name === 'hard_break';
      out.push(node);
      continue;
    }
    const original = node.text ?? '';
    if (!isCollapsible(node)) {
      out.push(node);
      afterSpace = /\s$/.test(original);
      continue;
    }
    let text = original.replace(WHITE_SPACE, ' ');
    if (afterSpace && text.startsWith(' ')) text = text.slice(1);
    if (text === '') continue;
    const collapsedNode = text === original ? node : node.type.schema.text(text, node.marks);
    collapsed.add(collapsedNode);
    out.push(collapsedNode);
    afterSpace = text.endsWith(' ');
  }
  trimTrailingSpace(out, trimmable);
  return out;
}

function trimTrailingSpace(out: Node[], isTrimmable: (node: Node) => boolean): void {
  const last = out[out.length - 1];
  if (!last?.isText || !last.text?.endsWith(' ') || !isTrimmable(last)) return;
  const text = last.text.slice(0, -1);
  if (text === '') out.pop();
  else out[out.length - 1] = last.type.schema.text(text, last.marks);
}
