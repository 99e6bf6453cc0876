import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { PackageEdit } from '../../package/edit-package.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { attributeNamed, childElements, elementLocalName, insertBeforeEnd } from '../../xml/elements.js';
import { contentRange, withContent } from './element-content.js';
import { NUMBER_SPACE, withNumber, type NewNotes } from './new-notes.js';
import { indexContainers } from './original-index.js';
import type { PatchContext } from './patch-context.js';
import { PartLinks, relationshipPrefix } from './part-links.js';
import { resolveLinks } from './resolve-links.js';
import { writeStory } from './write-blocks.js';

// Notes of these types are the separator lines Word draws above the notes, which the reader skips.
const SEPARATOR_TYPES = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

/**
 * The notes of `doc` that the package's notes parts hold (`noteIds`) and whose content is not
 * what `read`, the document as read, shows; by the model's note id (`endnote-<id>` for endnotes).
 */
export function editedNotes(read: Node, doc: Node, noteIds: ReadonlySet<string>): Map<string, Node> {
  const asRead = notesOf(read);
  const edited = new Map<string, Node>();
  for (const [id, note] of notesOf(doc)) {
    const before = asRead.get(id);
    if (before && noteIds.has(id) && note !== before && !note.content.eq(before.content)) edited.set(id, note);
  }
  return edited;
}

/**
 * Writes into a notes part (of `kind`) the notes that were edited and, for the footnotes part,
 * the new notes (`added`) after the others; the part stays as it was when there are neither.
 * An edited note is written into its own `w:footnote` or `w:endnote` as a header is into its part
 * (see `writeStory`): its paragraphs and tables as they were read keep their XML byte for byte,
 * its start tag and number run stay; every other note stays byte for byte. A part read without
 * sources (`main.sources.stories` lacks it) gets its new notes only. `read` is the document as
 * read; `drawn` says how the numbering part draws each list level (see `readLevelKinds`).
 */
export async function writeNotesPart(
  edit: PackageEdit,
  main: PatchContext,
  part: XmlPart,
  kind: 'footnote' | 'endnote',
  notes: { readonly read: Node; readonly edited: ReadonlyMap<string, Node>; readonly added?: NewNotes },
  drawn: ReadonlyMap<string, 'bullet' | 'ordered'>,
): Promise<void> {
  const own = new Map([...notes.edited].filter(([id]) => id.startsWith('endnote-') === (kind === 'endnote')));
  const story = main.sources.stories?.get(part.partName);
  if ((own.size === 0 || !story) && !notes.added?.count) return;
  const relationships = await edit.package.readRelationships(part.partName);
  const context = story && main.forPart({ sources: story, root: part.root, original: indexContainers([...notesOf(notes.read).values()], drawn), relationships });
  const links = context?.links ?? new PartLinks(relationships, part.partName, relationshipPrefix(part.root));
  // New notes go before the root's end tag, after every note rewritten, so the offsets read stay valid.
  let text = notes.added?.count ? insertBeforeEnd(part.text, part.root, notes.added.write(main, links)) : part.text;
  if (context) {
    context.inNote = true;
    text = patchNotes(context, text, part.root, kind, own);
    for (const id of context.usedStyles) main.usedStyles.add(id);
  }
  text = await resolveLinks(edit, main, links, part.partName, text);
  if (text !== part.text) edit.setPart(part.partName, serializeXmlPart(part, text));
}

// `text` with each note of `edited` written into its element, from the last so that earlier offsets hold.
function patchNotes(context: PatchContext, text: string, root: XmlElement, kind: 'footnote' | 'endnote', edited: ReadonlyMap<string, Node>): string {
  const patched: { element: XmlElement; content: string }[] = [];
  const seen = new Set<string>();
  for (const element of childElements(root)) {
    const id = attributeNamed(element, 'id');
    // The first note of an id is the one the reader read (see `readNotes`).
    if (elementLocalName(element) !== kind || id === undefined || seen.has(id) || SEPARATOR_TYPES.has(attributeNamed(element, 'type') ?? 'normal')) continue;
    seen.add(id);
    const note = edited.get(kind === 'endnote' ? `endnote-${id}` : id);
    if (!note) continue;
    const range = contentRange(context.text, element);
    const written = writeStory(context, note, range);
    patched.push({ element, content: withNumberKept(note, written, context.text.slice(range.start, range.end), numberRun(context.text, element)) });
  }
  let out = text;
  for (const { element, content } of patched.reverse()) out = withContent(out, element, content);
  return out;
}

// The note's number stays where it was read; a first paragraph written anew gets it again, and
// the space after it that the reader dropped (see `readNotes`) comes back when the edit took it.
function withNumberKept(note: Node, written: string, original: string, number: string): string {
  if (number === '') return written;
  const at = written.indexOf(number);
  if (at === -1) return withNumber(note, written, number);
  const after = at + number.length;
  const hadSpace = startsWithSpace(original.slice(original.indexOf(number) + number.length));
  if (!hadSpace || startsWithSpace(written.slice(after)) || /^\s/.test(note.firstChild?.textContent ?? '')) return written;
  // Into the text of the run after the number, where Word keeps it, else as a run of its own.
  const next = /^<w:r(?:\s[^>]*)?>(?:<w:rPr>.*?<\/w:rPr>)?<w:t(?:\s[^>]*)?>/.exec(written.slice(after));
  if (!next) return written.slice(0, after) + NUMBER_SPACE + written.slice(after);
  const textStart = next[0].lastIndexOf('<w:t');
  return `${written.slice(0, after)}${next[0].slice(0, textStart)}<w:t xml:space="preserve"> ${written.slice(after + next[0].length)}`;
}

// Whether the first text of runs in `xml` is white space (a tab included).
function startsWithSpace(xml: string): boolean {
  const first = /<w:t(?:\s[^>]*)?>([^<]*)|<w:tab\/>/.exec(xml);
  return first !== null && (first[1] === undefined || /^\s/.test(first[1]));
}

// The run that holds the note's number (`w:footnoteRef` or `w:endnoteRef`), as written; empty for
// a note with a mark of its own (`w:customMarkFollows`), which has none.
function numberRun(text: string, note: XmlElement): string {
  const stack = [note];
  while (stack.length > 0) {
    const element = stack.shift()!;
    const children = childElements(element);
    if (elementLocalName(element) === 'r' && children.some((child) => /^(footnoteRef|endnoteRef)$/.test(elementLocalName(child)))) return text.slice(element.start, element.end);
    stack.unshift(...children);
  }
  return '';
}

function notesOf(doc: Node): Map<string, Node> {
  const notes = new Map<string, Node>();
  doc.forEach((child) => {
    if (child.type.name === 'footnote') notes.set(String(child.attrs['id']), child);
  });
  return notes;
}
