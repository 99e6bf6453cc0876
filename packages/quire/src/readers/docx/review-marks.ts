import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark } from 'prosemirror-model';
import type { StructureChange } from '../../model/marks/review-marks.js';
import { schema } from '../../model/schema.js';
import type { StoryState } from './docx-context.js';

/**
 * The review marks open at the point a story is read: the tracked changes around it (`w:ins`,
 * `w:del`, `w:moveFrom`, `w:moveTo`, innermost last) and the comment ranges started and not yet
 * ended (`w:commentRangeStart`..`w:commentRangeEnd`, ECMA-376 Part 1, 17.13.4), which may run
 * across paragraphs and tables. Moves are named by their range (`w:moveFromRangeStart/@w:name`).
 */
export interface ReviewScope {
  readonly changes: Mark[];
  readonly comments: Map<string, Mark>;
  readonly moveNames: { moveFrom: string | null; moveTo: string | null };
}

// A hostile file cannot make every run carry thousands of comment marks.
const MAX_OPEN_COMMENTS = 256;

const CHANGE_KINDS: Readonly<Record<string, { mark: 'insertion' | 'deletion'; move: 'moveFrom' | 'moveTo' | null }>> = {
  'w:ins': { mark: 'insertion', move: null },
  'w:del': { mark: 'deletion', move: null },
  'w:moveTo': { mark: 'insertion', move: 'moveTo' },
  'w:moveFrom': { mark: 'deletion', move: 'moveFrom' },
};

/** Returns a scope with nothing open, for the start of a story. */
export function createReviewScope(): ReviewScope {
  return { changes: [], comments: new Map(), moveNames: { moveFrom: null, moveTo: null } };
}

/** Whether `name` is a tracked change around runs (`w:ins`, `w:del`, `w:moveFrom`, `w:moveTo`). */
export function isTrackedChange(name: string): boolean {
  return name in CHANGE_KINDS;
}

/** Whether what is read now is tracked as deleted (inside `w:del` or `w:moveFrom`). */
export function insideDeletion(state: StoryState): boolean {
  return state.review.changes.some((mark) => mark.type.name === 'deletion');
}

/**
 * Reads the content of a tracked change (`element`, named `name`) with `read`, its text marked
 * as inserted or deleted with the change's id, author, date and move name.
 */
export function readTrackedChange(state: StoryState, element: XmlElement, name: string, read: () => void): void {
  const kind = CHANGE_KINDS[name]!;
  const { names } = state.context;
  const mark = schema.marks[kind.mark]!.create({
    id: names.attr(element, 'w:id') ?? '',
    author: names.attr(element, 'w:author') ?? '',
    date: names.attr(element, 'w:date') ?? null,
    move: kind.move ? state.review.moveNames[kind.move] : null,
  });
  state.review.changes.push(mark);
  read();
  state.review.changes.pop();
}

/**
 * Notes a range marker that review marks depend on: comment ranges open and close comment marks,
 * move ranges name the moves read until they end. Other markers (bookmarks, proofing) say nothing here.
 */
export function readReviewMarker(state: StoryState, element: XmlElement, name: string): void {
  const { names } = state.context;
  const { comments, moveNames } = state.review;
  switch (name) {
    case 'w:commentRangeStart': {
      const id = names.attr(element, 'w:id');
      if (id !== undefined && comments.size < MAX_OPEN_COMMENTS) comments.set(id, schema.marks['comment']!.create({ id }));
      return;
    }
    case 'w:commentRangeEnd': {
      const id = names.attr(element, 'w:id');
      if (id !== undefined) comments.delete(id);
      return;
    }
    case 'w:moveFromRangeStart':
      moveNames.moveFrom = names.attr(element, 'w:name') ?? null;
      return;
    case 'w:moveToRangeStart':
      moveNames.moveTo = names.attr(element, 'w:name') ?? null;
      return;
    case 'w:moveFromRangeEnd':
      moveNames.moveFrom = null;
      return;
    case 'w:moveToRangeEnd':
      moveNames.moveTo = null;
  }
}

/** The tracked change of paragraph `p`'s mark (`w:pPr/w:rPr/w:ins|w:del`), or null. */
export function readStructureChange(state: StoryState, p: XmlElement): StructureChange | null {
  const { names } = state.context;
  const rPr = names.child(names.child(p, 'w:pPr') ?? p, 'w:rPr');
  if (!rPr || names.name(rPr) !== 'w:rPr') return null;
  for (const child of names.children(rPr)) {
    const name = names.name(child);
    if (name !== 'w:ins' && name !== 'w:del') continue;
    return { kind: name === 'w:ins' ? 'insertion' : 'deletion', id: names.attr(child, 'w:id') ?? '', author: names.attr(child, 'w:author') ?? '', date: names.attr(child, 'w:date') ?? null };
  }
  return null;
}

/** `marks` with the review marks open at this point added. */
export function withReviewMarks(state: StoryState, marks: readonly Mark[]): readonly Mark[] {
  const { changes, comments } = state.review;
  if (changes.length === 0 && comments.size === 0) return marks;
  let set = marks;
  for (const mark of changes) set = mark.addToSet(set);
  for (const mark of comments.values()) set = mark.addToSet(set);
  return set;
}
