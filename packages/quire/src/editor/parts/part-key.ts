import type { Node } from 'prosemirror-model';

/**
 * Which header, footer or note of a document is meant: a header or footer by its section (counted
 * from 0) and variant, a note by its id. Found again in each new document by {@link findPart}.
 */
export type PartKey =
  | { readonly kind: 'header' | 'footer'; readonly section: number; readonly variant: string }
  | { readonly kind: 'footnote'; readonly id: string };

/** A header, footer or note of a document and its position. */
export interface FoundPart {
  readonly node: Node;
  readonly pos: number;
}

/** Returns the part `key` names in `doc`, or null when there is none. Looks only at the top level and the start of one section. */
export function findPart(doc: Node, key: PartKey): FoundPart | null {
  let found: FoundPart | null = null;
  let section = -1;
  doc.forEach((child, offset) => {
    if (found) return;
    if (key.kind === 'footnote') {
      if (child.type.name === 'footnote' && child.attrs['id'] === key.id) found = { node: child, pos: offset };
      return;
    }
    if (child.type.name !== 'section' || ++section !== key.section) return;
    child.forEach((part, partOffset) => {
      if (!found && part.type.name === 'header_footer' && part.attrs['kind'] === key.kind && part.attrs['variant'] === key.variant) found = { node: part, pos: offset + 1 + partOffset };
    });
  });
  return found;
}

/** Returns the key of the header, footer or note that holds `pos` in `doc`, or null when none does. */
export function partKeyAt(doc: Node, pos: number): PartKey | null {
  if (pos < 0 || pos > doc.content.size) return null;
  const $pos = doc.resolve(pos);
  const top = $pos.depth > 0 ? $pos.node(1) : $pos.nodeAfter;
  if (top?.type.name === 'footnote') return { kind: 'footnote', id: String(top.attrs['id']) };
  const part = $pos.depth > 1 ? $pos.node(2) : $pos.nodeAfter;
  if (top?.type.name !== 'section' || part?.type.name !== 'header_footer') return null;
  return { kind: part.attrs['kind'] === 'footer' ? 'footer' : 'header', section: $pos.index(0), variant: String(part.attrs['variant']) };
}
