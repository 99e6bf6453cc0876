import type { EditorState, Transaction } from 'prosemirror-state';
import { suggestTransaction } from './suggest-transaction.js';

/** Records an edit made in suggest mode as tracked changes: the transaction to apply, or null when it cannot be recorded. */
export type Suggester = (tr: Transaction, state: EditorState) => Transaction | null;

/**
 * Returns the suggester of one editor: changes by `author()` (asked at each edit, so that
 * `setUser` takes effect at once), dated by `now`. Ids of new changes are not numbers, so they
 * meet no `w:id` read from a file; the export gives each a fresh number (`AnnotationIds`).
 */
export function createSuggester(author: () => string, now: () => Date = () => new Date()): Suggester {
  let made = 0;
  const newId = () => `quire-${++made}`;
  return (tr, state) => suggestTransaction(tr, state, { author: author(), now, newId });
}
