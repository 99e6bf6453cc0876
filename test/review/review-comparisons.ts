// Tracked changes as both the editor and LibreOffice can say them, for the tests that compare the
// two: LibreOffice's redline type, the author, and the text covered, a paragraph mark as a line break.
import type { TrackedChange } from 'quire/editor';
import type { LibreOfficeChange } from '../support/libreoffice-review.js';

/** A change as both sides say it. */
export interface ComparableChange {
  readonly type: string;
  readonly author: string;
  readonly text: string;
}

const TYPES: Record<string, string[]> = { insertion: ['Insert'], deletion: ['Delete'], move: ['Delete', 'Insert'], format: ['Format'] };

/** The editor's changes as LibreOffice names them: a move is a deletion of its source and an insertion of the same text. */
export function changesFromQuire(changes: ReadonlyArray<Pick<TrackedChange, 'kind' | 'author' | 'text'>>): ComparableChange[] {
  return changes.flatMap(({ kind, author, text }) => (TYPES[kind] ?? [kind]).map((type) => ({ type, author, text: text === '¶' ? '\n' : text })));
}

/** LibreOffice's changes of the body; a change with no one text (a row's) covers none. */
export function changesFromLibreOffice(changes: readonly LibreOfficeChange[]): ComparableChange[] {
  return changes.filter((change) => !change.inHeaderFooter).map(({ type, author, text }) => ({ type, author, text: text ?? '' }));
}

/**
 * The text the changes of each type and author cover, joined in document order: LibreOffice joins
 * adjacent changes of one author that the editor lists apart (text and the paragraph mark after it).
 */
export function coveredByTypeAndAuthor(changes: readonly ComparableChange[]): Record<string, string> {
  const covered: Record<string, string> = {};
  for (const { type, author, text } of changes) covered[`${type} by ${author}`] = (covered[`${type} by ${author}`] ?? '') + text;
  return covered;
}
