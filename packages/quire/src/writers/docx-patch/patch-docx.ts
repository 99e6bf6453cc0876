import type { Node } from 'prosemirror-model';
import { decodeDataUriImage } from '../../model/data-uri.js';
import { editPackage, type PackageEdit } from '../../package/edit-package.js';
import type { OpcPackage } from '../../package/open-package.js';
import type { Relationship } from '../../package/relationships.js';
import type { DocxSources } from '../../model/docx-source-map.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { readHeadingStyles } from './heading-styles.js';
import { NumberingAdditions, readLevelKinds } from './numbering-additions.js';
import { indexOriginal } from './original-index.js';
import { PatchContext } from './patch-context.js';
import { childElements, childNamed, elementLocalName } from './properties-xml.js';
import { writeBody } from './write-blocks.js';

/** A DOCX as it was read: its opened package, the document the reader made of it and where its nodes came from. */
export interface DocxOriginal {
  /** The package the document was read from (its `bytes` are the file). */
  readonly package: OpcPackage;
  readonly doc: Node;
  readonly sources: DocxSources;
}

const RELATIONSHIP_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const NUMBERING_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml';
const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp' } as const;

/**
 * Writes `doc`, an edited version of `original.doc`, back into the package it was read from.
 * Blocks that are as they were read keep their XML byte for byte, edited ones keep what the
 * edit did not touch (see `writeChangedParagraph`), new ones are written minimally; every other
 * part is copied byte for byte, except those the edit needs: a numbering instance for a new
 * list, the relationships of new links and images, and new image parts. Returns the original
 * bytes, same object, when `doc` shows what was read. Headers, footers and notes are not edited.
 */
export async function patchDocx(original: DocxOriginal, doc: Node): Promise<Uint8Array> {
  const edit = editPackage(original.package);
  await addDocumentEdits(edit, original, doc);
  return edit.toBytes();
}

/**
 * Adds to `edit`, an edit of `original.package`, what {@link patchDocx} writes, so that other
 * changes (the identity metadata) go into the same rewrite of the package. Adds nothing when
 * `doc` shows what was read. Throws a `TypeError` when `edit` is of another package.
 */
export async function addDocumentEdits(edit: PackageEdit, original: DocxOriginal, doc: Node): Promise<void> {
  if (edit.package !== original.package) throw new TypeError('addDocumentEdits: `edit` must be an edit of `original.package`.');
  if (doc === original.doc || doc.eq(original.doc)) return;
  const { sources } = original;
  const pkg = original.package;
  const [part, relationships] = await Promise.all([pkg.readXmlPart(sources.partName), pkg.readRelationships(sources.partName)]);
  const related = (kind: string): Relationship | undefined =>
    relationships.find((r) => !r.external && r.partName !== undefined && r.type.endsWith(`/${kind}`) && pkg.hasPart(r.partName));
  const numberingPart = related('numbering') && (await pkg.readXmlPart(related('numbering')!.partName!));
  const stylesPart = related('styles') && (await pkg.readXmlPart(related('styles')!.partName!));
  const numbering = new NumberingAdditions(numberingPart?.root);
  const context = new PatchContext(sources, part.root, indexOriginal(original.doc, readLevelKinds(numberingPart?.root)), readHeadingStyles(stylesPart?.root), numbering, relationships);
  const body = childNamed(part.root, 'body');
  const bodySectPr = body ? childElements(body).filter((child) => elementLocalName(child) === 'sectPr').pop() : undefined;
  let content = writeBody(context, doc, bodySectPr?.start ?? sources.body.end);

  for (const pending of context.pending) {
    const id = pending.kind === 'hyperlink' ? await edit.addExternalRelationship(sources.partName, `${RELATIONSHIP_TYPE}hyperlink`, pending.target) : await addImage(pkg, edit, sources.partName, pending.target);
    content = content.split(pending.placeholder).join(id);
  }
  const text = sources.text.slice(0, sources.body.start) + content + sources.text.slice(sources.body.end);
  if (text !== sources.text) edit.setPart(sources.partName, serializeXmlPart(part, text));
  if (numbering.changed) {
    if (numberingPart) {
      edit.setPart(numberingPart.partName, serializeXmlPart(numberingPart, numbering.patch(numberingPart.text)));
    } else {
      const partName = await edit.freePartName('/word/numbering.xml', NUMBERING_CONTENT_TYPE);
      edit.setPart(partName, new TextEncoder().encode(numbering.patch(undefined)));
      await edit.ensureContentType(partName, NUMBERING_CONTENT_TYPE);
      await edit.addRelationship(sources.partName, `${RELATIONSHIP_TYPE}numbering`, partName);
    }
  }
}

// Adds the image of a `data:` URI as a part of its own; resolves to the Id of its relationship.
async function addImage(pkg: OpcPackage, edit: PackageEdit, source: string, uri: string): Promise<string> {
  const image = decodeDataUriImage(uri);
  if (!image) return '';
  const partName = await edit.freePartName(`/word/media/image.${image.type}`, IMAGE_TYPES[image.type]);
  edit.setPart(partName, image.bytes);
  await edit.ensureContentType(partName, IMAGE_TYPES[image.type]);
  void pkg;
  return edit.addRelationship(source, `${RELATIONSHIP_TYPE}image`, partName);
}
