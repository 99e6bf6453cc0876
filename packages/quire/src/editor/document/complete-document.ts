import type { Node } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';

/** The meta (true) of the transaction of {@link completeDocument}: no edit, let through the read-only guard. */
export const DOCUMENT_COMPLETION_META = 'quire-document-completion';

/**
 * The transaction that turns the first pages of a long document on screen (a partial read, see
 * `readDocxStartFirst`) into `whole`, the same document read whole: what both read alike stays
 * (its nodes, and so the view's DOM and the pages laid out for it), the rest is replaced from the
 * first block that differs, and the section the first pages end in takes the attributes it has
 * in `whole` (its properties were read from further on), as does the document (its defaults
 * hold the looks of the styles used further on). The first pages are never edited: any
 * difference is the partial read's. Returns null when the two are not alike enough to join (no
 * section to keep): the caller shows `whole` anew.
 */
export function completeDocument(state: EditorState, whole: Node): Transaction | null {
  const partial = state.doc;
  if (partial.type !== whole.type) return null;
  // The first child read differently: the section the partial read ended in.
  let index = 0;
  let sectionStart = 0;
  while (index < partial.childCount && index < whole.childCount && partial.child(index).eq(whole.child(index))) {
    sectionStart += partial.child(index).nodeSize;
    index += 1;
  }
  if (index >= whole.childCount) return null;
  const tr = state.tr;
  if (index === partial.childCount) {
    // The first pages end with a section: the next ones follow.
    tr.insert(sectionStart, whole.content.cut(sectionStart));
  } else {
    const shown = partial.child(index);
    const section = whole.child(index);
    if (shown.type !== section.type || shown.isLeaf) return null;
    let offset = 0;
    for (let kept = 0; kept < shown.childCount && kept < section.childCount && shown.child(kept).eq(section.child(kept)); kept++) {
      offset += shown.child(kept).nodeSize;
    }
    // Two flat replacements, the rest of the section's content and then what follows it, so that
    // nothing is fitted across the section's end.
    tr.replaceWith(sectionStart + 1 + offset, sectionStart + shown.nodeSize - 1, section.content.cut(offset));
    const sectionEnd = sectionStart + tr.doc.child(index).nodeSize;
    tr.replaceWith(sectionEnd, tr.doc.content.size, whole.content.cut(sectionEnd));
    tr.setNodeMarkup(sectionStart, undefined, section.attrs);
  }
  // The document's defaults hold the looks of the styles the body uses: more of them further on.
  for (const [name, value] of Object.entries(whole.attrs)) if (partial.attrs[name] !== value) tr.setDocAttribute(name, value);
  return tr.doc.eq(whole) ? tr.setMeta('addToHistory', false).setMeta(DOCUMENT_COMPLETION_META, true) : null;
}
