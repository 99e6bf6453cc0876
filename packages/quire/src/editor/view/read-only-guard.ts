import type { Node } from 'prosemirror-model';
import { Plugin, type Transaction } from 'prosemirror-state';
import type { Step } from 'prosemirror-transform';

const READ_ONLY = new Set(['header_footer', 'footnote']);

/**
 * Refuses every change of the document while `isEditable` is false (view mode), and any change
 * that touches a header, a footer or a note, which the editor shows but does not edit. Checks
 * only the positions each step touches and the document's top level, never the whole document.
 */
export function readOnlyGuard(isEditable: () => boolean): Plugin {
  return new Plugin({
    filterTransaction(tr: Transaction) {
      if (!tr.docChanged) return true;
      if (!isEditable()) return false;
      return tr.steps.every((step, index) => !touchesReadOnly(tr.docs[index]!, step));
    },
  });
}

function touchesReadOnly(doc: Node, step: Step): boolean {
  const { from, to, pos } = step as Partial<Record<'from' | 'to' | 'pos', unknown>>;
  if (typeof from === 'number' && typeof to === 'number') return inside(doc, from) || inside(doc, to) || overlaps(doc, from, to);
  if (typeof pos === 'number') {
    const node = pos < doc.content.size ? doc.nodeAt(pos) : null;
    return inside(doc, pos) || (node !== null && READ_ONLY.has(node.type.name));
  }
  return false;
}

function inside(doc: Node, pos: number): boolean {
  if (pos < 0 || pos > doc.content.size) return false;
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) if (READ_ONLY.has($pos.node(depth).type.name)) return true;
  return false;
}

// Headers and footers open their section and notes close the document: only the top level and
// the start of each section need a look.
function overlaps(doc: Node, from: number, to: number): boolean {
  if (to <= from) return false;
  let found = false;
  doc.forEach((child, offset) => {
    const end = offset + child.nodeSize;
    if (found || end <= from || offset >= to) return;
    if (READ_ONLY.has(child.type.name)) {
      found = true;
      return;
    }
    let position = offset + 1;
    for (let index = 0; index < child.childCount && !found; index++) {
      const part = child.child(index);
      if (!READ_ONLY.has(part.type.name)) break;
      if (position < to && position + part.nodeSize > from) found = true;
      position += part.nodeSize;
    }
  });
  return found;
}
