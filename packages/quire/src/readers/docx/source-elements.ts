import type { XmlElement } from '@rgrove/parse-xml';
import type { PieceCollector } from './paragraph-pieces.js';

/**
 * The kinds of element of the main document part that model nodes are read from, and `merged`:
 * a cell that continues a vertical merge, which no node is read from (its cell's row span covers it).
 */
export type SourceKind = 'p' | 'tbl' | 'tr' | 'tc' | 'other' | 'sectPr' | 'merged';

/** An element of the main document part that model nodes carry the id of (`sourceId`). */
export interface SourceElement {
  readonly id: string;
  readonly kind: SourceKind;
  /** The id of the table, row or cell whose content the element is; null in the body. */
  readonly parent: string | null;
  /** Offsets of the element in the part's text (end exclusive). */
  readonly start: number;
  readonly end: number;
  /**
   * For a paragraph read into one textblock: each child element of the `w:p` (after `w:pPr`),
   * with its offsets in the part's text and the range of positions its content takes in the
   * textblock, so that a writer can keep the runs an edit did not touch.
   */
  readonly inline?: readonly InlineSource[];
  /**
   * For a paragraph the reader split around text boxes: one piece per textblock read from it, in
   * order; absent when a textblock could not be mapped to its XML (see `ParagraphPiece`).
   */
  readonly pieces?: readonly ParagraphPiece[];
  /** For a `merged` cell: the id of the cell whose vertical merge it continues. */
  readonly continues?: string;
}

/**
 * One textblock of a paragraph split around text boxes: a stretch of the paragraph's own
 * children (`start`/`end` are the paragraph's), or a paragraph inside one of its boxes
 * (`start`/`end` are that `w:p`'s), with its children mapped as in `SourceElement.inline`.
 */
export interface ParagraphPiece {
  readonly start: number;
  readonly end: number;
  readonly inline: readonly InlineSource[];
  /** Which of the paragraph's boxes (counted from 1) the piece is a paragraph of; 0 for its own runs. */
  readonly box: number;
}

/** A child element of a paragraph and the textblock positions `from` to `to` that its content takes. */
export interface InlineSource {
  readonly start: number;
  readonly end: number;
  readonly from: number;
  readonly to: number;
}

/**
 * The main document part as the reader found it, for writing a changed document back into it:
 * its text, where the body's content lies, and every element that nodes were read from.
 */
export interface DocxSources {
  readonly partName: string;
  readonly text: string;
  /** Offsets of the body's content, between `<w:body>` and `</w:body>`. */
  readonly body: { readonly start: number; readonly end: number };
  readonly elements: ReadonlyMap<string, SourceElement>;
}

/** Gives ids to the elements that nodes are read from, in document order. */
export class SourceRecorder {
  private readonly elements = new Map<string, SourceElement>();

  /** Adds the paragraph children of the recorded paragraph `id` (see `SourceElement.inline`). */
  recordInline(id: string, inline: readonly InlineSource[]): void {
    const element = this.elements.get(id);
    if (element) this.elements.set(id, { ...element, inline });
  }

  /** Adds the pieces of the recorded paragraph `id`, which was split around text boxes (see `SourceElement.pieces`). */
  recordPieces(id: string, pieces: readonly ParagraphPiece[]): void {
    const element = this.elements.get(id);
    if (element) this.elements.set(id, { ...element, pieces });
  }

  /** Records `element` and returns its id. */
  record(element: XmlElement, kind: SourceKind, parent: string | null, continues?: string): string {
    const id = String(this.elements.size + 1);
    this.elements.set(id, { id, kind, parent, start: element.start, end: element.end, ...(continues === undefined ? {} : { continues }) });
    return id;
  }

  /** Returns what was recorded, with the part it was recorded from. */
  finish(partName: string, text: string, body: XmlElement | undefined): DocxSources {
    return { partName, text, body: body ? innerRange(text, body) : { start: 0, end: 0 }, elements: this.elements };
  }
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
