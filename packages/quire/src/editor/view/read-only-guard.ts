import type { Node } from 'prosemirror-model';
import { isHistoryTransaction } from 'prosemirror-history';
import { Plugin, type Transaction } from 'prosemirror-state';
import { ReplaceStep, type Step } from 'prosemirror-transform';
import { DOCUMENT_COMPLETION_META } from '../document/complete-document.js';
import { REVIEW_DECISION_META } from '../review/decide-changes.js';

const READ_ONLY = new Set(['header_footer', 'footnote']);

/**
 * The transaction meta (set to true) of the part editor's changes (see `editor/parts/`): their
 * steps change the content of one header, footer or note and nothing else.
 */
export const PART_EDIT_META = 'quire-part-edit';

/**
 * The transaction meta (set to true) of the adding of an empty header or footer where a page has
 * none, and of its removal when it is left empty (see `editor/parts/add-part.ts`): their steps
 * insert or delete one whole header or footer in a section, and nothing else.
 */
export const PART_ADD_META = 'quire-part-add';

/**
 * Refuses every change of the document while `isEditable` is false (view mode), and any change
 * that touches a header, a footer or a note, which are edited only in the part editor: its
 * transactions (marked with {@link PART_EDIT_META}) pass when each step stays inside one of them.
 * So does the adding (and removal, left empty) of a header or footer a page lacks ({@link PART_ADD_META}).
 * Undo and redo pass, since they only replay changes that passed, and so does the completion of
 * a long document's first pages with the rest of it, and the acceptance or rejection of tracked
 * changes, which reaches those of headers, footers and notes as Word's Accept All does. Checks only the positions each
 * step touches and the document's top level, never the whole document.
 */
export function readOnlyGuard(isEditable: () => boolean): Plugin {
  return new Plugin({
    filterTransaction(tr: Transaction) {
      if (!tr.docChanged || tr.getMeta(DOCUMENT_COMPLETION_META) === true) return true;
      if (!isEditable()) return false;
      if (isHistoryTransaction(tr) || tr.getMeta(REVIEW_DECISION_META) !== undefined) return true;
      if (tr.getMeta(PART_EDIT_META) === true) return tr.steps.every((step, index) => staysInOnePart(tr.docs[index]!, step));
      if (tr.getMeta(PART_ADD_META) === true) return tr.steps.every((step, index) => addsOrRemovesPart(tr.docs[index]!, step));
      return tr.steps.every((step, index) => !touchesReadOnly(tr.docs[index]!, step));
    },
  });
}

// A step that inserts one header or footer into a section, or deletes an empty one whole.
function addsOrRemovesPart(doc: Node, step: Step): boolean {
  if (!(step instanceof ReplaceStep) || step.from < 0 || step.to > doc.content.size) return false;
  const { from, to, slice } = step;
  if (from === to) {
    const added = slice.content.firstChild;
    return slice.openStart === 0 && slice.openEnd === 0 && slice.content.childCount === 1 && added?.type.name === 'header_footer' && doc.resolve(from).parent.type.name === 'section';
  }
  // Only an empty one goes: one paragraph with nothing in it.
  const removed = doc.nodeAt(from);
  return slice.size === 0 && removed?.type.name === 'header_footer' && from + removed.nodeSize === to && removed.childCount === 1 && removed.firstChild!.content.size === 0;
}

function staysInOnePart(doc: Node, step: Step): boolean {
  const { from, to, pos } = step as Partial<Record<'from' | 'to' | 'pos', unknown>>;
  const start = typeof from === 'number' ? from : typeof pos === 'number' ? pos : -1;
  const end = typeof to === 'number' ? to : start;
  if (start < 0 || start > doc.content.size) return false;
  const $start = doc.resolve(start);
  for (let depth = $start.depth; depth > 0; depth--) if (READ_ONLY.has($start.node(depth).type.name)) return end <= $start.end(depth);
  return false;
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
