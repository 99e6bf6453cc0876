import type { XmlElement } from '@rgrove/parse-xml';
import type { DocxSources, InlineSource, ParagraphPiece, SourceElement, SourceKind } from '../../model/docx-source-map.js';
import type { PieceCollector } from './paragraph-pieces.js';

/** Gives ids to the elements that nodes are read from, in document order. */
export class SourceRecorder {
  private readonly elements = new Map<string, SourceElement>();
  private readonly stories = new Map<string, { readonly recorder: SourceRecorder; readonly story: RecordedStory }>();

  /** @param prefix starts the ids of the elements of a part other than the main one (its part name), so that no two parts share an id */
  constructor(private readonly prefix = '') {}

  /** The recorder of the elements of a header, footer or notes part, found in the main recorder's `finish` as one of its `stories`. */
  forStory(story: RecordedStory): SourceRecorder {
    let found = this.stories.get(story.partName);
    if (!found) this.stories.set(story.partName, (found = { recorder: new SourceRecorder(`${story.partName}#`), story }));
    return found.recorder;
  }

  /** Adds the paragraph children of the recorded paragraph `id` (see `SourceElement.inline`). */
  recordInline(id: string, inline: readonly InlineSource[]): void {
    const element = this.elements.get(id);
    if (element) this.elements.set(id, { ...element, inline });
  }

  /**
   * Moves the children of the recorded paragraph `id` back by one position: its textblock lost its
   * first character (the space after a note's number, see `readNotes`), which stays in the child that held it.
   */
  dropFirstCharacter(id: string): void {
    const element = this.elements.get(id);
    const inline = element?.inline?.map((child) => ({ ...child, from: Math.max(0, child.from - 1), to: Math.max(0, child.to - 1) }));
    if (element && inline) this.elements.set(id, { ...element, inline });
  }

  /** Adds the pieces of the recorded paragraph `id`, which was split around text boxes (see `SourceElement.pieces`). */
  recordPieces(id: string, pieces: readonly ParagraphPiece[]): void {
    const element = this.elements.get(id);
    if (element) this.elements.set(id, { ...element, pieces });
  }

  /** Records `element` and returns its id. */
  record(element: XmlElement, kind: SourceKind, parent: string | null, continues?: string): string {
    const id = `${this.prefix}${this.elements.size + 1}`;
    this.elements.set(id, { id, kind, parent, start: element.start, end: element.end, ...(continues === undefined ? {} : { continues }) });
    return id;
  }

  /** Returns what was recorded, with the part it was recorded from and the header and footer parts recorded through {@link forStory}. */
  finish(partName: string, text: string, body: XmlElement | undefined): DocxSources {
    const stories = new Map([...this.stories].map(([name, { recorder, story }]) => [name, recorder.finish(name, story.text, story.root)]));
    return { partName, text, body: body ? innerRange(text, body) : { start: 0, end: 0 }, elements: this.elements, stories };
  }
}

/** A part other than the main one whose elements are recorded: a header, a footer, the footnotes or the endnotes. */
export interface RecordedStory {
  readonly partName: string;
  readonly text: string;
  readonly root: XmlElement;
}

// The content of an element lies between the end of its start tag and the start of its end tag.
function innerRange(text: string, element: XmlElement): { start: number; end: number } {
  const startTagEnd = text.indexOf('>', element.start) + 1;
  if (text[startTagEnd - 2] === '/') return { start: startTagEnd, end: startTagEnd };
  return { start: startTagEnd, end: text.lastIndexOf('<', element.end - 1) };
}

/**
 * Where the story being read records sources: the element whose content is being read (`parent`)
 * and the paragraph being read (`current`). Inside a text box every node takes the id of the
 * paragraph the box is anchored in (`frozen`), so that the paragraph's XML stays one piece.
 */
export interface SourceScope {
  readonly recorder: SourceRecorder;
  parent: string | null;
  current: string | null;
  frozen: boolean;
  /** What the text boxes of the paragraph being read report to, to map its pieces. */
  pieces?: PieceCollector;
}

/** Returns the id for the nodes read from `element`, recording it unless the scope is frozen; null when sources are not kept. */
export function sourceIdOf(scope: SourceScope | undefined, element: XmlElement, kind: SourceKind): string | null {
  if (!scope) return null;
  if (scope.frozen) return scope.current;
  return scope.recorder.record(element, kind, scope.parent);
}
