import type { Node } from 'prosemirror-model';
import { decodeDataUriImage } from '../../model/data-uri.js';
import type { PackageEdit } from '../../package/edit-package.js';
import { CONTENT_TYPES, RELATIONSHIP_ID_NAMESPACE, relationshipType, WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';
import type { PatchContext } from './patch-context.js';
import { PartLinks } from './part-links.js';
import { writeNewBlocks } from './write-blocks.js';

/**
 * Adds the relationships that the markup written for `partName` waits for (see `PartLinks`), new
 * image, header and footer parts included, and returns the markup with their Ids in place.
 */
export async function resolveLinks(edit: PackageEdit, context: PatchContext, links: PartLinks, partName: string, markup: string): Promise<string> {
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

