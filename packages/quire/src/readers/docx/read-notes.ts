import type { XmlElement } from '@rgrove/parse-xml';
import { Fragment, type Node } from 'prosemirror-model';
import { schema } from '../../model/schema.js';
import type { DocxContext, NoteKind, Story } from './docx-context.js';
import { readStoryBlocks } from './read-story.js';
import type { SourceRecorder, SourceScope } from './source-elements.js';

/** The footnotes and endnotes parts, when the document has them. */
export type NoteStories = Partial<Record<NoteKind, Story>>;

// Notes of these types are the separator lines Word draws above the notes, not content.
const SEPARATOR_TYPES = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

/**
 * Returns a `footnote` node for every note the document referenced, in order of first reference
 * (references inside notes included). Endnotes become footnotes with ids `endnote-<w:id>`, since
 * the model has one kind of note. A reference to a missing note gets an empty note, with a warning.
 */
export function readNotes(context: DocxContext, stories: NoteStories): Node[] {
  const index = new Map<NoteKind, Map<string, XmlElement>>();
  for (const kind of ['footnote', 'endnote'] as const) index.set(kind, indexNotes(context, stories[kind], kind));
  const notes: Node[] = [];
  // References found while reading a note are appended to the map and visited by this loop.
  for (const [id, reference] of context.noteReferences) {
    const story = stories[reference.kind];
    const element = index.get(reference.kind)?.get(reference.id);
    let blocks: Node[];
    if (story && element) {
      // Recorded in a map of the part's own, so that the patch writer can keep the paragraphs an edit leaves alone.
      const sources: SourceScope | undefined = context.recorder && { recorder: context.recorder.forStory(story), parent: null, current: null, frozen: false };
      blocks = withoutNumberSpace(readStoryBlocks(context, story, element, sources), sources?.recorder);
    } else {
      context.log.warn('READER_PART_UNREADABLE', `The text refers to ${reference.kind} ${reference.id}, which the document does not have; it was left empty.`);
      blocks = [schema.nodes['paragraph']!.create()];
    }
    notes.push(schema.nodes['footnote']!.create({ id }, blocks));
  }
  return notes;
}

/**
 * Drops the space Word writes between a note's number and its text (a run of its own after
 * `w:footnoteRef`): it belongs to the number, which the writers set with its space, and kept as
 * text it would come back doubled from a round trip. The recorded children of the paragraph move
 * back with its text, the space staying in the child that held it.
 */
function withoutNumberSpace(blocks: Node[], recorder: SourceRecorder | undefined): Node[] {
  const [first, ...rest] = blocks;
  const text = first?.isTextblock ? first.firstChild : null;
  if (!first || !text?.isText || !text.text?.startsWith(' ')) return blocks;
  const sourceId = first.attrs['sourceId'] as string | null | undefined;
  if (recorder && sourceId) recorder.dropFirstCharacter(sourceId);
  const trimmed = text.text.slice(1);
  const after = first.content.cut(text.nodeSize);
  const content = trimmed ? Fragment.from(schema.text(trimmed, text.marks)).append(after) : after;
  return [first.copy(content), ...rest];
}

function indexNotes(context: DocxContext, story: Story | undefined, kind: NoteKind): Map<string, XmlElement> {
  const notes = new Map<string, XmlElement>();
  if (!story) return notes;
  const { names } = context;
  for (const element of names.childrenNamed(story.root, `w:${kind}`)) {
    const id = names.attr(element, 'w:id');
    if (id === undefined || notes.has(id) || SEPARATOR_TYPES.has(names.attr(element, 'w:type') ?? 'normal')) continue;
    notes.set(id, element);
  }
  return notes;
}
