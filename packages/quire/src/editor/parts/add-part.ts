import type { Node } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { PART_ADD_META } from '../view/read-only-guard.js';
import { findPart, type PartKey } from './part-key.js';

/** A header or footer by its section and variant (see {@link PartKey}). */
export type HeaderFooterKey = Extract<PartKey, { kind: 'header' | 'footer' }>;

/**
 * Returns the transaction that gives the document the header or footer `key` names, empty (one
 * paragraph of style `styleId`, Word's "Header" or "Footer" where the document defines it), as
 * Word does when one double-clicks the margin of a page without one. Each later section without
 * that kind and variant gets a copy too: in the file, such a section inherits the new part (ECMA-376
 * Part 1, 17.10.5), so its pages show it as well. Null when the part exists or the section does not.
 */
export function addPart(state: EditorState, key: HeaderFooterKey, styleId: string | null): AddedPart | null {
  const { doc, schema } = state;
  if (findPart(doc, key)) return null;
  const empty = (): Node => schema.nodes['header_footer']!.create({ kind: key.kind, variant: key.variant }, schema.nodes['paragraph']!.create({ styleId }));
  const tr = state.tr;
  let section = -1;
  const sections: number[] = [];
  // Sections from one with a part of that kind and variant of its own on inherit that one.
  let inheriting = true;
  doc.forEach((child, offset) => {
    if (child.type.name !== 'section' || ++section < key.section || !inheriting) return;
    if (section > key.section && hasPart(child, key)) {
      inheriting = false;
      return;
    }
    sections.push(section);
    // After the section's own headers and footers, which its content puts first.
    let at = offset + 1;
    child.forEach((part, partOffset) => {
      if (part.type.name === 'header_footer') at = offset + 1 + partOffset + part.nodeSize;
    });
    tr.insert(tr.mapping.map(at), empty());
  });
  // Not a step of the history: the part editor's typing is; a part left empty goes again (see removeEmptyPart).
  return sections[0] === key.section ? { tr: tr.setMeta(PART_ADD_META, true).setMeta('addToHistory', false), sections } : null;
}

/**
 * Returns a transaction that takes out again the copies of the part `key` names that {@link addPart}
 * put into `sections`, when the one of its own section is still empty (nothing was typed into it
 * before it closed); null otherwise.
 */
export function removeEmptyPart(state: EditorState, key: HeaderFooterKey, sections: readonly number[]): Transaction | null {
  const own = findPart(state.doc, key);
  if (!own || !isEmpty(own.node)) return null;
  const tr = state.tr;
  for (const section of [...sections].reverse()) {
    const copy = findPart(state.doc, { ...key, section });
    if (copy && isEmpty(copy.node)) tr.delete(copy.pos, copy.pos + copy.node.nodeSize);
  }
  return tr.docChanged ? tr.setMeta(PART_ADD_META, true).setMeta('addToHistory', false) : null;
}

/** A header or footer added by {@link addPart}: the transaction, and the sections (from 0) it put a copy into. */
export interface AddedPart {
  readonly tr: Transaction;
  readonly sections: readonly number[];
}

function isEmpty(part: Node): boolean {
  return part.childCount === 1 && part.firstChild!.content.size === 0;
}

function hasPart(section: Node, key: HeaderFooterKey): boolean {
  let has = false;
  section.forEach((part) => {
    if (part.type.name === 'header_footer' && part.attrs['kind'] === key.kind && part.attrs['variant'] === key.variant) has = true;
  });
  return has;
}
