import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import { RELATIONSHIP_ID_NAMESPACE, WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';
import type { PatchContext } from './patch-context.js';
import type { PartLinks } from './part-links.js';
import { attributeNamed, childElements, elementLocalName } from '../../xml/elements.js';
import { writeNewBlocks } from './write-blocks.js';
import { STYLE_IDS } from './word-styles-part.js';

/** The ids of the notes of a package's footnotes and endnotes parts, as the reader names them (`endnote-<id>` for endnotes). */
export function readNoteIds(footnotes: XmlElement | undefined, endnotes: XmlElement | undefined): Set<string> {
  const ids = new Set<string>();
  for (const [root, prefix] of [[footnotes, ''], [endnotes, 'endnote-']] as const) {
    for (const note of root ? childElements(root) : []) {
      const id = attributeNamed(note, 'id');
      if (id !== undefined && /^(footnote|endnote)$/.test(elementLocalName(note))) ids.add(`${prefix}${id}`);
    }
  }
  return ids;
}

/** The notes of a document that its package does not hold, to be written into its footnotes part. */
export interface NewNotes {
  readonly count: number;
  /** The `w:footnote` elements of the new notes, written with `links` as the notes part's relationships. */
  write(context: PatchContext, links: PartLinks): string;
}

/**
 * Gives each note of `doc` that the package's notes parts do not hold (a new document's) the next
 * free footnote id, so that references written from now on point at it (`PatchContext.noteReference`).
 */
export function addNotes(context: PatchContext, doc: Node, footnotes: XmlElement | undefined): NewNotes {
  let next = 1;
  for (const note of footnotes ? childElements(footnotes) : []) next = Math.max(next, (Number(attributeNamed(note, 'id')) || 0) + 1);
  const added: { id: string; node: Node }[] = [];
  doc.forEach((child) => {
    const modelId = String(child.attrs['id']);
    if (child.type.name !== 'footnote' || context.noteIds.has(modelId) || context.newNoteIds.has(modelId)) return;
    const id = String(next++);
    context.newNoteIds.set(modelId, id);
    added.push({ id, node: child });
  });
  return {
    count: added.length,
    write(context, links) {
      const number = noteNumberRun(context);
      return inNotesPart(context, links, () => added.map(({ id, node }) => `<w:footnote w:id="${id}">${withNumber(node, writeNewBlocks(context, node), number)}</w:footnote>`).join(''));
    },
  };
}

/** The run of the space Word sets between a note's number and its text. */
export const NUMBER_SPACE = '<w:r><w:t xml:space="preserve"> </w:t></w:r>';

// Runs `write` with `context` writing into a notes part whose relationships are `links`: paragraphs take Footnote Text.
function inNotesPart<T>(context: PatchContext, links: PartLinks, write: () => T): T {
  const outer = context.links;
  context.links = links;
  context.inNote = true;
  try {
    return write();
  } finally {
    context.links = outer;
    context.inNote = false;
  }
}

// The run of a new note's number (`w:footnoteRef`) in the writer's note reference style.
function noteNumberRun(context: PatchContext): string {
  return `<w:r><w:rPr><w:rStyle w:val="${context.useStyle(STYLE_IDS.noteReference)}"/></w:rPr><w:footnoteRef/></w:r>`;
}

/**
 * `markup`, the blocks of `note`, with `number` (the run of the note's number) at the start of its
 * first paragraph, followed by a space as Word sets it unless the text starts with one; a note
 * that opens with a list or table gets no space.
 */
export function withNumber(note: Node, markup: string, number: string): string {
  const first = note.firstChild;
  const space = first?.type.name === 'paragraph' && !/^\s/.test(first.textContent) ? NUMBER_SPACE : '';
  const numbered = `${number}${space}`;
  const paragraph = /<w:p(?=[\s>/])[^>]*?(\/?)>/.exec(markup);
  if (!paragraph) return markup;
  const afterProperties = markup.startsWith('<w:pPr>', paragraph.index + paragraph[0].length) ? markup.indexOf('</w:pPr>', paragraph.index) + '</w:pPr>'.length : paragraph.index + paragraph[0].length;
  if (paragraph[1] === '/') return `${markup.slice(0, paragraph.index)}<w:p>${numbered}</w:p>${markup.slice(paragraph.index + paragraph[0].length)}`;
  return markup.slice(0, afterProperties) + numbered + markup.slice(afterProperties);
}

/** A new footnotes part holding `notes`, after the separator notes Word expects (ECMA-376 Part 1, 17.11.23). */
export function newNotesPart(notes: string): string {
  const separator = (id: number, type: string, mark: string): string => `<w:footnote w:type="${type}" w:id="${id}"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:${mark}/></w:r></w:p></w:footnote>`;
  return (
    `${XML_DECLARATION}<w:footnotes xmlns:w="${WORDPROCESSINGML_NAMESPACE}" xmlns:r="${RELATIONSHIP_ID_NAMESPACE}">` +
    `${separator(-1, 'separator', 'separator')}${separator(0, 'continuationSeparator', 'continuationSeparator')}${notes}</w:footnotes>`
  );
}
