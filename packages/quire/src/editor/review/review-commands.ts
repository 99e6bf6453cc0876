import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { acceptChangesInSelection, rejectChangesInSelection } from './decide-changes.js';

/** The keys that accept and reject the changes in the selection (the one at the caret), documented in docs/editor.md. */
export const REVIEW_SHORTCUTS = { accept: 'Alt-Shift-a', reject: 'Alt-Shift-r' } as const;

/** Returns a ProseMirror command that dispatches `decide`'s transaction; it does not apply when there is none. */
export function decisionCommand(decide: (state: EditorState) => Transaction | null): Command {
  return (state, dispatch) => {
    const tr = decide(state);
    if (!tr) return false;
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}

/** Accepts the changes the selection touches, as Word's Accept does. */
export const acceptChangesInSelectionCommand: Command = decisionCommand(acceptChangesInSelection);

/** Rejects the changes the selection touches, as Word's Reject does. */
export const rejectChangesInSelectionCommand: Command = decisionCommand(rejectChangesInSelection);
