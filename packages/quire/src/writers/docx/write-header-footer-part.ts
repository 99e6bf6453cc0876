import type { PackageEdit } from '../../package/edit-package.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { withContent } from './element-content.js';
import type { EditedHeaderFooter } from './header-footer-parts.js';
import { indexContainers } from './original-index.js';
import type { PatchContext } from './patch-context.js';
import { resolveLinks } from './resolve-links.js';
import { writeStory } from './write-blocks.js';

/**
 * Writes an edited header or footer back into its own part through the body's writers: blocks as
 * they were read keep their XML byte for byte, edited ones keep what the edit did not touch, new
 * ones are written anew, new links and pictures become relationships of the part itself; the
 * root element, its namespace declarations and what follows it stay as written. A part read
 * without sources (`main.sources.stories` lacks it) is left as it is. `drawn` says how the
 * numbering part draws each list level (see `readLevelKinds`).
 */
export async function writeHeaderFooterPart(edit: PackageEdit, main: PatchContext, edited: EditedHeaderFooter, drawn: ReadonlyMap<string, 'bullet' | 'ordered'>): Promise<void> {
  const { partName } = edited;
  const story = main.sources.stories?.get(partName);
  if (!story) return;
  const [part, relationships] = await Promise.all([edit.package.readXmlPart(partName), edit.package.readRelationships(partName)]);
  const context = main.forPart({ sources: story, root: part.root, original: indexContainers([edited.read], drawn), relationships });
  const content = await resolveLinks(edit, context, context.links, partName, writeStory(context, edited.node));
  for (const id of context.usedStyles) main.usedStyles.add(id);
  const text = withContent(part.text, part.root, content);
  if (text !== part.text) edit.setPart(partName, serializeXmlPart(part, text));
}

