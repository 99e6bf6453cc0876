import type { Node } from 'prosemirror-model';
import type { StructureChange } from '../marks/review-marks.js';

/**
 * How the pages and the PDF show tracked changes and comments, as Word's views print them:
 * `none`, the document as if every change were accepted; `original`, as if every change were
 * rejected; `all`, both, insertions underlined and deletions struck through in their author's
 * colour, a bar beside each changed line and the comments in a margin.
 */
export type ReviewMarkup = 'none' | 'all' | 'original';

/** Every {@link ReviewMarkup}, in documentation order. */
export const REVIEW_MARKUPS: readonly ReviewMarkup[] = ['none', 'all', 'original'];

/** Returns true when `value` is a {@link ReviewMarkup}. */
export function isReviewMarkup(value: unknown): value is ReviewMarkup {
  return typeof value === 'string' && (REVIEW_MARKUPS as readonly string[]).includes(value);
}

/** The kind of change that `markup` takes away: deletions once accepted, insertions once rejected, none when both show. */
function hiddenChange(markup: ReviewMarkup): 'insertion' | 'deletion' | null {
  return markup === 'none' ? 'deletion' : markup === 'original' ? 'insertion' : null;
}

/** Whether an inline node shows under `markup`: text of the change kind it takes away does not. */
export function isShownInMarkup(node: Node, markup: ReviewMarkup): boolean {
  const hidden = hiddenChange(markup);
  if (hidden === null || node.marks.length === 0) return true;
  for (const mark of node.marks) if (mark.type.name === hidden) return false;
  return true;
}

/**
 * Whether `markup` leaves a paragraph out: its mark is one the markup takes away (a deleted mark
 * once accepted, an inserted one once rejected) and none of its content shows. Such a paragraph
 * joins the next, which keeps its own properties (ECMA-376 Part 1, 17.13.5.15), so nothing of it
 * is left. A paragraph with content that shows stays a paragraph of its own.
 */
export function isLeftOutInMarkup(node: Node, markup: ReviewMarkup): boolean {
  const change = node.attrs['markChange'] as StructureChange | null | undefined;
  if (!change || change.kind !== hiddenChange(markup)) return false;
  let shown = false;
  node.forEach((child) => {
    if (!shown && isShownInMarkup(child, markup)) shown = true;
  });
  return !shown;
}

/** Whether `markup` leaves a table row out: an inserted row (`w:trPr/w:ins`) once rejected, a deleted one (`w:trPr/w:del`) once accepted. */
export function isRowLeftOutInMarkup(row: Node, markup: ReviewMarkup): boolean {
  const change = row.attrs['change'] as StructureChange | null | undefined;
  return change != null && change.kind === hiddenChange(markup);
}
