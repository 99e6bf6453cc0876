// Runs an editor command as the editor does in suggest mode, for the tests of what suggest mode records.
import { expect } from 'vitest';
import type { EditorState, Command } from 'prosemirror-state';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';

/** The state after `command` recorded in suggest mode by `context`; null when the transform refused its transaction. */
export function suggestCommand(state: EditorState, command: Command, context: SuggestContext): EditorState | null {
  let next: EditorState | null = null;
  expect(
    command(state, (made) => {
      const recorded = suggestTransaction(made, state, context);
      next = recorded && state.apply(recorded);
    }),
  ).toBe(true);
  return next;
}
