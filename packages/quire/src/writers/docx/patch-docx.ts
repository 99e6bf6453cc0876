import type { Node } from 'prosemirror-model';
import { decodeDataUriImage } from '../../model/data-uri.js';
import type { DocxSources } from '../../model/docx-source-map.js';
import type { PaperSize } from '../../model/section-types.js';
import { editPackage, type PackageEdit } from '../../package/edit-package.js';
import type { OpcPackage } from '../../package/open-package.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { readPackageStyles } from './heading-styles.js';
import { addNotes, newNotesPart, readNoteIds } from './new-notes.js';
import { NumberingAdditions, readLevelKinds } from './numbering-additions.js';
import { CONTENT_TYPES, RELATIONSHIP_ID_NAMESPACE, relationshipType, WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';
import { indexOriginal } from './original-index.js';
import { PatchContext } from './patch-context.js';
import { PartLinks, relationshipPrefix } from './part-links.js';
import { childElements, childNamed, elementLocalName, insertBeforeEnd } from '../../xml/elements.js';
import { addStyles } from './style-additions.js';
import { writeBody, writeNewBlocks } from './write-blocks.js';

/** A DOCX as it was read: its opened package, the document the reader made of it and where its nodes came from. */
export interface DocxOriginal {
  /** The package the document was read from (its `bytes` are the file). */
  readonly package: OpcPackage;
  readonly doc: Node;
  readonly sources: DocxSources;
}

/** Options of {@link addDocumentEdits}. */
export interface DocumentEditOptions {
  /** Paper of sections written anew that give no page size of their own. Default `A4`. */
  readonly paperSize?: PaperSize;
}

/**
 * Writes `doc`, an edited version of `original.doc`, back into the package it was read from.
 * Blocks that are as they were read keep their XML byte for byte, edited ones keep what the
 * edit did not touch (see `writeChangedParagraph`), new ones are written anew; every other
 * part is copied byte for byte, except those the edit needs: numbering for new lists, the
 * relationships of new links and images, new image parts, new notes, new headers and footers,
 * and the styles new blocks refer to that the styles part lacks. Returns the original bytes,
 * same object, when `doc` shows what was read. Notes, headers and footers read are not edited.
 */
export async function patchDocx(original: DocxOriginal, doc: Node, options: DocumentEditOptions = {}): Promise<Uint8Array> {
  const edit = editPackage(original.package);
  await addDocumentEdits(edit, original, doc, options);
  return edit.toBytes();
}

/**
 * Adds to `edit`, an edit of `original.package`, what {@link patchDocx} writes, so that other
 * changes (the identity metadata) go into the same rewrite of the package. Adds nothing when
 * `doc` shows what was read. Throws a `TypeError` when `edit` is of another package.
 */
export async function addDocumentEdits(edit: PackageEdit, original: DocxOriginal, doc: Node, options: DocumentEditOptions = {}): Promise<void> {
  if (edit.package !== original.package) throw new TypeError('addDocumentEdits: `edit` must be an edit of `original.package`.');
  if (doc === original.doc || doc.eq(original.doc)) return;
  const { sources } = original;
  const pkg = original.package;
  const [part, relationships] = await Promise.all([pkg.readXmlPart(sources.partName), pkg.readRelationships(sources.partName)]);
  const relatedPart = async (kind: string): Promise<XmlPart | undefined> => {
    const found = relationships.find((r) => !r.external && r.partName !== undefined && r.type.endsWith(`/${kind}`) && pkg.hasPart(r.partName));
    return found ? pkg.readXmlPart(found.partName!) : undefined;
  };
  const [numberingPart, stylesPart, footnotesPart, endnotesPart] = await Promise.all(['numbering', 'styles', 'footnotes', 'endnotes'].map(relatedPart));
  const numbering = new NumberingAdditions(numberingPart?.root);
  const body = childNamed(part.root, 'body');
  const bodySectPr = body ? childElements(body).filter((child) => elementLocalName(child) === 'sectPr').pop() : undefined;
  const context = new PatchContext({
    sources,
    root: part.root,
    original: indexOriginal(original.doc, readLevelKinds(numberingPart?.root)),
    styles: readPackageStyles(stylesPart?.root),
    numbering,
    relationships,
    paperSize: options.paperSize ?? 'A4',
    bodySectPr,
    noteIds: readNoteIds(footnotesPart?.root, endnotesPart?.root),
  });
  const notes = addNotes(context, doc, footnotesPart?.root);
  let lastSection: Node | undefined;
  doc.forEach((child) => (lastSection = child.type.name === 'section' ? child : lastSection));
  // A last section read from no element (a new document's) sets the text width and writes the body's own section properties.
  const newLastSection = lastSection && lastSection.attrs['sourceId'] === null ? lastSection : undefined;
  if (newLastSection) context.contentWidth = context.sectionTextWidth(newLastSection);
  let content = writeBody(context, doc, bodySectPr?.start ?? sources.body.end);
  if (bodySectPr && newLastSection) {
    const written = sources.text.slice(bodySectPr.start, bodySectPr.end);
    const at = content.lastIndexOf(written);
    if (at !== -1) content = content.slice(0, at) + context.newSectPr(newLastSection) + content.slice(at + written.length);
  }
  content = await resolveLinks(edit, context, context.links, sources.partName, content);
  const text = sources.text.slice(0, sources.body.start) + content + sources.text.slice(sources.body.end);
  if (text !== sources.text) edit.setPart(sources.partName, serializeXmlPart(part, text));

  if (notes.count > 0) {
    const partName = footnotesPart?.partName ?? (await edit.freePartName('/word/footnotes.xml', CONTENT_TYPES.footnotes));
    const notesRelationships = footnotesPart ? await pkg.readRelationships(partName) : [];
    const links = new PartLinks(notesRelationships, 'notes', footnotesPart ? relationshipPrefix(footnotesPart.root) : 'r');
    const markup = await resolveLinks(edit, context, links, partName, notes.write(context, links));
    if (footnotesPart) edit.setPart(partName, serializeXmlPart(footnotesPart, insertBeforeEnd(footnotesPart.text, footnotesPart.root, markup)));
    else {
      edit.setPart(partName, new TextEncoder().encode(newNotesPart(markup)));
      await edit.ensureContentType(partName, CONTENT_TYPES.footnotes);
      await edit.addRelationship(sources.partName, relationshipType('footnotes'), partName);
    }
  }
  if (numbering.changed) {
    if (numberingPart) {
      edit.setPart(numberingPart.partName, serializeXmlPart(numberingPart, numbering.patch(numberingPart.text)));
    } else {
      const partName = await edit.freePartName('/word/numbering.xml', CONTENT_TYPES.numbering);
      edit.setPart(partName, new TextEncoder().encode(numbering.patch(undefined)));
      await edit.ensureContentType(partName, CONTENT_TYPES.numbering);
      await edit.addRelationship(sources.partName, relationshipType('numbering'), partName);
    }
  }
  await addStyles(edit, context.usedStyles, stylesPart, sources.partName);
}


/**
 * Adds the relationships that the markup written for `partName` waits for (see `PartLinks`), new
 * image, header and footer parts included, and returns the markup with their Ids in place.
 */
async function resolveLinks(edit: PackageEdit, context: PatchContext, links: PartLinks, partName: string, markup: string): Promise<string> {
  for (const pending of links.pending) {
    let id: string;
    if ('node' in pending) id = await addHeaderOrFooter(edit, context, partName, pending.kind, pending.node);
    else if (pending.kind === 'hyperlink') id = await edit.addExternalRelationship(partName, relationshipType('hyperlink'), pending.target);
    else id = await addImage(edit, partName, pending.target);
    markup = markup.split(pending.placeholder).join(id);
  }
  return markup;
}

// Writes a header or footer of a section written anew as a part of its own; resolves to the Id of its relationship.
async function addHeaderOrFooter(edit: PackageEdit, context: PatchContext, source: string, kind: 'header' | 'footer', node: Node): Promise<string> {
  const partName = await edit.freePartName(`/word/${kind}1.xml`, CONTENT_TYPES[kind]);
  const links = new PartLinks([], partName, 'r');
  const outer = context.links;
  context.links = links;
  let content: string;
  try {
    content = writeNewBlocks(context, node);
  } finally {
    context.links = outer;
  }
  content = await resolveLinks(edit, context, links, partName, content);
  const root = kind === 'header' ? 'w:hdr' : 'w:ftr';
  edit.setPart(partName, new TextEncoder().encode(`${XML_DECLARATION}<${root} xmlns:w="${WORDPROCESSINGML_NAMESPACE}" xmlns:r="${RELATIONSHIP_ID_NAMESPACE}">${content}</${root}>`));
  await edit.ensureContentType(partName, CONTENT_TYPES[kind]);
  return edit.addRelationship(source, relationshipType(kind), partName);
}

// Adds the image of a `data:` URI as a part of its own; resolves to the Id of its relationship.
async function addImage(edit: PackageEdit, source: string, uri: string): Promise<string> {
  const image = decodeDataUriImage(uri);
  if (!image) return '';
  const partName = await edit.freePartName(`/word/media/image.${image.type}`, CONTENT_TYPES[image.type]);
  edit.setPart(partName, image.bytes);
  await edit.ensureContentType(partName, CONTENT_TYPES[image.type]);
  return edit.addRelationship(source, relationshipType('image'), partName);
}

