import type { PackageEdit } from '../../package/edit-package.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { contentEnd, openingTag } from '../../xml/elements.js';
import type { EditedHeaderFooter } from './header-footer-parts.js';
import { indexContainer } from './original-index.js';
import type { PatchContext } from './patch-context.js';
import { resolveLinks } from './resolve-links.js';
import { writeNewBlocks, writeStory } from './write-blocks.js';

/**
 * Writes an edited header or footer back into its own part through the body's writers: blocks as
 * they were read keep their XML byte for byte, edited ones keep what the edit did not touch, new
 * ones are written anew, new links and pictures become relationships of the part itself; the
 * root element, its namespace declarations and what follows it stay as written. A part read
 * without sources (`main.sources.stories` lacks it) is written anew from the node, root kept.
 * `drawn` says how the numbering part draws each list level (see `readLevelKinds`).
 */
export async function writeHeaderFooterPart(edit: PackageEdit, main: PatchContext, edited: EditedHeaderFooter, drawn: ReadonlyMap<string, 'bullet' | 'ordered'>): Promise<void> {
  const { partName } = edited;
  const [part, relationships] = await Promise.all([edit.package.readXmlPart(partName), edit.package.readRelationships(partName)]);
  const story = main.sources.stories?.get(partName);
  const sources = story ?? { partName, text: part.text, body: { start: 0, end: 0 }, elements: new Map() };
  const context = main.forPart({ sources, root: part.root, original: indexContainer(edited.read, drawn), relationships });
  let content = story ? writeStory(context, edited.node) : writeNewBlocks(context, edited.node);
  content = await resolveLinks(edit, context, context.links, partName, content);
  for (const id of context.usedStyles) main.usedStyles.add(id);
  const text = withRootContent(part, content);
  if (text !== part.text) edit.setPart(partName, serializeXmlPart(part, text));
}

// The part's text with `content` between the root's start and end tags (a self-closing root opened).
function withRootContent(part: XmlPart, content: string): string {
  const { text, root } = part;
  const start = openingTag(text, root);
  if (text.slice(root.start, root.end).endsWith('/>')) return `${text.slice(0, root.start)}${start}${content}</${root.name}>${text.slice(root.end)}`;
  return text.slice(0, root.start) + start + content + text.slice(contentEnd(text, root));
}
