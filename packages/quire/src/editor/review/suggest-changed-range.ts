import type { Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';

/** The part of a document a transaction replaced: `from`..`toOld` of its start document became `from`..`toNew` of its result. */
export interface ChangedRange {
  readonly from: number;
  readonly toOld: number;
  readonly toNew: number;
}

/**
 * Returns the one range that covers every replacement of `tr`, taken from its step maps rather
 * than from comparing the documents, so that typing a letter beside the same letter is the
 * letter the step inserted. Throws when `tr` changes nothing (a programmer error).
 */
export function changedRange(tr: Transaction): ChangedRange {
  let from = Infinity;
  let toOld = -Infinity;
  let toNew = -Infinity;
  const { maps } = tr.mapping;
  maps.forEach((map, index) => {
    // New mappings over copies: a sliced Mapping's invert() reads all of its maps.
    const back = new Mapping(maps.slice(0, index)).invert();
    const forward = new Mapping(maps.slice(index + 1));
    map.forEach((oldStart, oldEnd, newStart, newEnd) => {
      from = Math.min(from, back.map(oldStart, -1), forward.map(newStart, -1));
      toOld = Math.max(toOld, back.map(oldEnd, 1));
      toNew = Math.max(toNew, forward.map(newEnd, 1));
    });
  });
  if (from === Infinity) throw new Error('changedRange: the transaction replaces nothing.');
  // What follows the range is the same in both documents.
  const growth = tr.doc.content.size - tr.before.content.size;
  toOld = Math.max(toOld, toNew - growth);
  return narrowed(tr, { from, toOld, toNew: toOld + growth }, growth);
}

// A step may replace more than it changes (deleting a whole paragraph replaces its section's
// start too): the range shrinks to where the documents differ, never past the steps' own range,
// which settles where an edit beside equal text happened.
function narrowed(tr: Transaction, range: ChangedRange, growth: number): ChangedRange {
  const start = tr.before.content.findDiffStart(tr.doc.content) ?? range.from;
  const from = Math.min(Math.max(range.from, start), range.toOld, range.toNew);
  const end = tr.before.content.findDiffEnd(tr.doc.content);
  let toOld = end ? Math.min(range.toOld, Math.max(end.a, from)) : range.toOld;
  if (toOld + growth < from) toOld = from - growth;
  return { from, toOld, toNew: toOld + growth };
}
