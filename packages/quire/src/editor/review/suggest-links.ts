import type { EditorState, Transaction } from 'prosemirror-state';
import { AddMarkStep, RemoveMarkStep, type Step } from 'prosemirror-transform';

/**
 * Turns a transaction that only links or unlinks text (`setLink`, `removeLink`) into the
 * replacement suggest mode records for it: the text as it was is deleted and the text as it is now
 * inserted after it, as Word records a link added or removed with Track Changes on. OOXML has no
 * revision of a `w:hyperlink` itself (CT_RunTrackChange, ECMA-376 Part 1, 17.13.5, holds runs, not
 * links), so the link comes and goes with the inserted and deleted copies of its text. Returns
 * undefined when `tr` does more than that, and null when its text spans paragraphs, which a
 * replacement would record as paragraph marks deleted and inserted.
 */
export function linkEditAsReplacement(tr: Transaction, state: EditorState): Transaction | null | undefined {
  if (!tr.steps.every(isLinkStep)) return undefined;
  // Mark steps move nothing: their ranges are the same in every document of the transaction.
  const from = Math.min(...tr.steps.map((step) => (step as AddMarkStep | RemoveMarkStep).from));
  const to = Math.max(...tr.steps.map((step) => (step as AddMarkStep | RemoveMarkStep).to));
  const $from = state.doc.resolve(from);
  if (!$from.sameParent(state.doc.resolve(to)) || !$from.parent.isTextblock) return null;
  const replaced = state.tr.replace(from, to, tr.doc.slice(from, to));
  return tr.scrolledIntoView ? replaced.scrollIntoView() : replaced;
}

function isLinkStep(step: Step): boolean {
  return (step instanceof AddMarkStep || step instanceof RemoveMarkStep) && step.mark.type.name === 'link';
}
