import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { DocxSources, SourceElement } from '../../model/docx-source-map.js';
import type { Relationship } from '../../package/relationships.js';
import { attributeNamed, childElements, elementLocalName } from '../../xml/elements.js';

/** A header or footer part whose content was edited, and the `header_footer` node to write into it. */
export interface EditedHeaderFooter {
  readonly partName: string;
  readonly node: Node;
  /** The node as read from the part. */
  readonly read: Node;
}

/** What maps a section's `header_footer` nodes to the parts they were read from. */
export interface HeaderFooterReferences {
  readonly sources: DocxSources;
  /** The main part's relationships. */
  readonly relationships: readonly Relationship[];
  /** The parsed element of a recorded `w:sectPr`. */
  readonly element: (unit: SourceElement) => XmlElement | undefined;
}

const KIND_OF_REFERENCE: Readonly<Record<string, 'header' | 'footer'>> = { headerReference: 'header', footerReference: 'footer' };

/**
 * Returns the header and footer parts whose content in `doc` is not what `read` (the document as
 * read) shows. A part serves every section that names it and every later one that names no other
 * (ECMA-376 Part 1, 17.10.5), and the model holds a copy of it in each: an edit of any copy is an
 * edit of the part, which every section using it then shows, as Word does with headers linked to
 * the previous section. When copies were edited differently, the first in document order wins.
 * Sections written anew (no `w:sectPr` read) get new parts of their own and are left out.
 */
export function editedHeadersAndFooters(read: Node, doc: Node, references: HeaderFooterReferences): EditedHeaderFooter[] {
  const asRead = new Map<string, Node>();
  for (const { node, partName } of partsOf(read, references)) if (!asRead.has(partName)) asRead.set(partName, node);
  const edited = new Map<string, EditedHeaderFooter>();
  for (const { node, partName } of partsOf(doc, references)) {
    const before = asRead.get(partName);
    if (before && !edited.has(partName) && node !== before && !node.content.eq(before.content)) edited.set(partName, { partName, node, read: before });
  }
  return [...edited.values()];
}

/** A header or footer a section read from a `w:sectPr` gains: a part to write, and a reference in that `w:sectPr`. */
export interface AddedHeaderFooter {
  readonly kind: 'header' | 'footer';
  readonly node: Node;
}

/**
 * Returns, by the source id of their section's `w:sectPr`, the headers and footers that sections
 * read from one hold and neither name nor inherit (ECMA-376 Part 1, 17.10.5): one added in the
 * editor where the file had none. A later section holding the same kind and variant inherits the
 * new part, as Word would read it, and gains none of its own. Sections written anew (no
 * `w:sectPr` read) are left out: their `w:sectPr` is written whole with parts of their own.
 */
export function addedHeadersAndFooters(doc: Node, references: HeaderFooterReferences): Map<string, AddedHeaderFooter[]> {
  const added = new Map<string, AddedHeaderFooter[]>();
  const named = new Set<string>();
  doc.forEach((section) => {
    if (section.type.name !== 'section') return;
    const sourceId = section.attrs['sourceId'] as string | null;
    const own = ownReferences(sourceId, references);
    for (const key of own?.keys() ?? []) named.add(key);
    const gained: AddedHeaderFooter[] = [];
    section.forEach((child) => {
      if (child.type.name !== 'header_footer') return;
      const kind = child.attrs['kind'] === 'footer' ? 'footer' : 'header';
      const key = `${kind}:${String(child.attrs['variant'])}`;
      if (named.has(key)) return;
      named.add(key);
      if (own) gained.push({ kind, node: child });
    });
    if (own && gained.length > 0) added.set(sourceId!, gained);
  });
  return added;
}

// Each `header_footer` node of the sections read from a `w:sectPr`, with the part it shows, the
// references accumulated section by section as the reader does.
function partsOf(doc: Node, references: HeaderFooterReferences): { node: Node; partName: string }[] {
  const found: { node: Node; partName: string }[] = [];
  let inherited = new Map<string, string>();
  doc.forEach((section) => {
    if (section.type.name !== 'section') return;
    const own = ownReferences(section.attrs['sourceId'] as string | null, references);
    if (!own) return;
    inherited = new Map([...inherited, ...own]);
    section.forEach((child) => {
      if (child.type.name !== 'header_footer') return;
      const partName = inherited.get(`${String(child.attrs['kind'])}:${String(child.attrs['variant'])}`);
      if (partName !== undefined) found.push({ node: child, partName });
    });
  });
  return found;
}

// The parts a section's own `w:headerReference` and `w:footerReference` name, by `<kind>:<variant>`;
// undefined for a section read from no `w:sectPr`.
function ownReferences(sourceId: string | null, { sources, relationships, element }: HeaderFooterReferences): Map<string, string> | undefined {
  const unit = sourceId === null ? undefined : sources.elements.get(sourceId);
  const sectPr = unit?.kind === 'sectPr' ? element(unit) : undefined;
  if (!sectPr) return undefined;
  const parts = new Map<string, string>();
  for (const child of childElements(sectPr)) {
    const kind = KIND_OF_REFERENCE[elementLocalName(child)];
    const variant = attributeNamed(child, 'type') ?? 'default';
    const target = relationships.find((relationship) => relationship.id === attributeNamed(child, 'id') && !relationship.external);
    if (kind && target?.partName !== undefined && ['default', 'first', 'even'].includes(variant)) parts.set(`${kind}:${variant}`, target.partName);
  }
  return parts;
}
