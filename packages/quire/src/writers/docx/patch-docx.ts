import type { Node } from 'prosemirror-model';
import type { DocxSources, SourceElement } from '../../model/docx-source-map.js';
import type { PaperSize } from '../../model/section-types.js';
import { editPackage, type PackageEdit } from '../../package/edit-package.js';
import type { OpcPackage } from '../../package/open-package.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { editedNotes, writeNotesPart } from './edited-notes.js';
import { addedHeadersAndFooters, editedHeadersAndFooters } from './header-footer-parts.js';
import { readPackageStyles } from './heading-styles.js';
import { addNotes, newNotesPart, readNoteIds } from './new-notes.js';
import { NumberingAdditions, readLevelKinds } from './numbering-additions.js';
import { CONTENT_TYPES, relationshipType } from './ooxml-names.js';
import { indexOriginal } from './original-index.js';
import { PatchContext } from './patch-context.js';
import { PartLinks } from './part-links.js';
import { childElements, childNamed, elementLocalName } from '../../xml/elements.js';
import { resolveLinks } from './resolve-links.js';
import { addStyles } from './style-additions.js';
import { writeBody } from './write-blocks.js';
import { writeHeaderFooterPart } from './write-header-footer-part.js';
import { writeCommentParts } from './comment-parts.js';
import { findCommentSpans, removeCommentMarkup } from './new-comment-markers.js';
import { documentComments } from '../../model/review/document-review.js';

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
 * the styles new blocks refer to that the styles part lacks, and the parts of edited headers,
 * footers and notes. An edited header or footer is written into its own part as the body is
 * (untouched paragraphs byte for byte, new links and pictures in the part's own relationships);
 * a part shared by several sections takes the edit of any of its copies (see
 * `editedHeadersAndFooters`). An edited note is written into its own `w:footnote` or
 * `w:endnote` in the same way, its start tag and number run kept; the other notes stay byte for
 * byte. Returns the original bytes, same object, when `doc` shows what was read.
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
  const drawn = readLevelKinds(numberingPart?.root);
  const body = childNamed(part.root, 'body');
  const bodySectPr = body ? childElements(body).filter((child) => elementLocalName(child) === 'sectPr').pop() : undefined;
  const context = new PatchContext({
    sources,
    root: part.root,
    original: indexOriginal(original.doc, drawn),
    styles: readPackageStyles(stylesPart?.root),
    numbering,
    relationships,
    paperSize: options.paperSize ?? 'A4',
    bodySectPr,
    noteIds: readNoteIds(footnotesPart?.root, endnotesPart?.root),
  });
  const readComments = documentComments(original.doc);
  const comments = documentComments(doc);
  const readIds = new Set(readComments.map((comment) => comment.id));
  const nowIds = new Set(comments.map((comment) => comment.id));
  context.commentSpans = findCommentSpans(doc, new Set([...nowIds].filter((id) => !readIds.has(id))));
  const notes = addNotes(context, doc, footnotesPart?.root);
  let lastSection: Node | undefined;
  doc.forEach((child) => (lastSection = child.type.name === 'section' ? child : lastSection));
  // A last section read from no element (a new document's) sets the text width and writes the body's own section properties.
  const newLastSection = lastSection && lastSection.attrs['sourceId'] === null ? lastSection : undefined;
  if (newLastSection) context.contentWidth = context.sectionTextWidth(newLastSection);
  const references = { sources, relationships, element: (unit: SourceElement) => context.element(unit) };
  context.addedParts = addedHeadersAndFooters(doc, references);
  let content = writeBody(context, doc, bodySectPr?.start ?? sources.body.end);
  const lastSectPr = lastSection?.attrs['sourceId'] as string | null | undefined;
  if (bodySectPr && (newLastSection || context.sectPrGainsParts(lastSectPr))) {
    const written = sources.text.slice(bodySectPr.start, bodySectPr.end);
    const at = content.lastIndexOf(written);
    const markup = newLastSection ? context.newSectPr(newLastSection) : context.sectPrMarkup(lastSectPr!);
    if (at !== -1) content = content.slice(0, at) + markup + content.slice(at + written.length);
  }
  content = await resolveLinks(edit, context, context.links, sources.partName, content);
  // A removed comment's range markers and reference go, wherever they stand.
  content = removeCommentMarkup(content, new Set([...readIds].filter((id) => !nowIds.has(id))));
  const text = sources.text.slice(0, sources.body.start) + content + sources.text.slice(sources.body.end);
  if (text !== sources.text) edit.setPart(sources.partName, serializeXmlPart(part, text));

  for (const edited of editedHeadersAndFooters(original.doc, doc, references)) await writeHeaderFooterPart(edit, context, edited, drawn);

  const notesEdited = editedNotes(original.doc, doc, context.noteIds);
  if (footnotesPart) await writeNotesPart(edit, context, footnotesPart, 'footnote', { read: original.doc, edited: notesEdited, added: notes }, drawn);
  else if (notes.count > 0) {
    const partName = await edit.freePartName('/word/footnotes.xml', CONTENT_TYPES.footnotes);
    const links = new PartLinks([], partName, 'r');
    const markup = await resolveLinks(edit, context, links, partName, notes.write(context, links));
    edit.setPart(partName, new TextEncoder().encode(newNotesPart(markup)));
    await edit.ensureContentType(partName, CONTENT_TYPES.footnotes);
    await edit.addRelationship(sources.partName, relationshipType('footnotes'), partName);
  }
  if (endnotesPart) await writeNotesPart(edit, context, endnotesPart, 'endnote', { read: original.doc, edited: notesEdited }, drawn);
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
  await writeCommentParts(edit, {
    mainPartName: sources.partName,
    relationships,
    read: readComments,
    now: comments,
    styles: readPackageStyles(stylesPart?.root).defined,
    paraIdText: text,
  });
}
