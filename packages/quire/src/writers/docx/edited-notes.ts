import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import { attributeNamed, childElements, elementLocalName, openingTag } from '../../xml/elements.js';
import { withNumber } from './new-notes.js';
import type { PatchContext } from './patch-context.js';
import { writeNewBlocks } from './write-blocks.js';

// Notes of these types are the separator lines Word draws above the notes, which the reader skips.
const SEPARATOR_TYPES = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

/**
 * The notes of `doc` that the package's notes parts hold (`noteIds`) and whose content is not
 * what `read`, the document as read, shows; by the model's note id (`endnote-<id>` for endnotes).
 */
export function editedNotes(read: Node, doc: Node, noteIds: ReadonlySet<string>): Map<string, Node> {
  const asRead = new Map<string, Node>();
  read.forEach((child) => {
    if (child.type.name === 'footnote') asRead.set(String(child.attrs['id']), child);
  });
  const edited = new Map<string, Node>();
  doc.forEach((child) => {
    const id = String(child.attrs['id']);
    const before = child.type.name === 'footnote' ? asRead.get(id) : undefined;
    if (before && noteIds.has(id) && child !== before && !child.content.eq(before.content)) edited.set(id, child);
  });
  return edited;
}

/**
 * Returns `text`, a notes part's (`root` parsed from it), with the content of each note of `kind`
 * that `edited` holds written anew from its node; the note's start tag and the run of its number
 * stay as written, and so does every other note, byte for byte. `context` must be writing into
 * the notes part (see `inNotesPart`).
 */
export function rewriteNotes(context: PatchContext, text: string, root: XmlElement, kind: 'footnote' | 'endnote', edited: ReadonlyMap<string, Node>): string {
  const replaced: { start: number; end: number; markup: string }[] = [];
  const seen = new Set<string>();
  for (const element of childElements(root)) {
    const id = attributeNamed(element, 'id');
    // The first note of an id is the one the reader read, as in `readNotes`.
    if (elementLocalName(element) !== kind || id === undefined || seen.has(id) || SEPARATOR_TYPES.has(attributeNamed(element, 'type') ?? 'normal')) continue;
    seen.add(id);
    const note = edited.get(kind === 'endnote' ? `endnote-${id}` : id);
    if (!note) continue;
    const content = withNumber(note, writeNewBlocks(context, note), numberRun(text, element));
    replaced.push({ start: element.start, end: element.end, markup: `${openingTag(text, element)}${content}</${element.name}>` });
  }
  let out = text;
  for (const { start, end, markup } of replaced.reverse()) out = out.slice(0, start) + markup + out.slice(end);
  return out;
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
