import type { EditorState, Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';

/**
 * Whether the steps of `tr` replace stretches of its start document that do not meet: deleting a
 * selection of table cells empties each cell with a step of its own. One range around them all
 * would take in the cell boundaries between them, which no step touched.
 */
export function replacesApart(tr: Transaction): boolean {
  if (tr.steps.length < 2) return false;
  const ranges: { from: number; to: number }[] = [];
  tr.steps.forEach((step, index) => {
    // Back to the start document through the steps before this one.
    const back = new Mapping(tr.mapping.maps.slice(0, index)).invert();
    step.getMap().forEach((oldStart, oldEnd) => ranges.push({ from: back.map(oldStart, -1), to: back.map(oldEnd, 1) }));
  });
  ranges.sort((a, b) => a.from - b.from);
  return ranges.every((range, index) => index === 0 || range.from > ranges[index - 1]!.to);
}

/**
 * Records each step of `tr` on its own with `record` (which turns a one-step transaction on a
 * state into the transaction recording it), each step mapped onto the document the steps recorded
 * before it made; returns one transaction holding them all, or null when `record` refuses one.
 */
export function recordStepByStep(tr: Transaction, state: EditorState, record: (tr: Transaction, state: EditorState) => Transaction | null): Transaction | null {
  const out = state.tr;
  let current = state;
  for (let index = 0; index < tr.steps.length; index++) {
    // From the raw document before this step back to the start, then forward through what was recorded.
    const onto = new Mapping(tr.mapping.maps.slice(0, index)).invert();
    onto.appendMapping(out.mapping);
    const step = tr.steps[index]!.map(onto);
    if (!step) continue;
    const single = current.tr;
    if (single.maybeStep(step).failed) return null;
    const recorded = record(single, current);
    if (!recorded) return null;
    for (const made of recorded.steps) out.step(made);
    current = current.apply(recorded);
    out.setSelection(current.selection.map(out.doc, new Mapping()));
  }
  return out;
}
