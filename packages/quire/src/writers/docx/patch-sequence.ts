import type { SourceElement } from '../../model/docx-source-map.js';

/** Consecutive items read from one element (`id`), or new items (`id` null). */
export interface Group<T> {
  readonly id: string | null;
  readonly items: readonly T[];
}

/** How the groups of a sequence are written. */
export interface SequenceWriter<T> {
  /** Whether the group shows its element exactly as it was read, so that its XML can stay. */
  same(group: Group<T>, unit: SourceElement): boolean;
  /** The XML of a group read from `unit` and changed since. */
  changed(group: Group<T>, unit: SourceElement): string;
  /** The XML of a group with no element of its own (new, copied, or moved). */
  fresh(group: Group<T>): string;
}

/**
 * Groups consecutive items that were read from the same element; items whose id is not among
 * `units` (another container's, or none) stand alone as new.
 */
export function groupBySource<T>(items: readonly T[], idOf: (item: T) => string | null, units: ReadonlyMap<string, unknown>): Group<T>[] {
  const groups: { id: string | null; items: T[] }[] = [];
  for (const item of items) {
    const raw = idOf(item);
    const id = raw !== null && units.has(raw) ? raw : null;
    const last = groups[groups.length - 1];
    if (last && id !== null && last.id === id) last.items.push(item);
    else groups.push({ id, items: [item] });
  }
  return groups;
}

/**
 * Writes a sequence of sibling elements (a body's or a cell's blocks, a table's rows, a row's
 * cells) back into the text they were read from. The groups that keep their elements are the
 * longest run that is still in the original order (a moved block is written anew where it is
 * now); between them the original text stays as it was (bookmarks, wrappers, white space), less
 * the elements no group kept. New groups go right after the kept element before them;
 * `tailAt` is where they go when no element precedes them at the end (before a body's `w:sectPr`).
 */
export function patchSequence<T>(
  text: string,
  range: { readonly start: number; readonly end: number },
  units: readonly SourceElement[],
  groups: readonly Group<T>[],
  writer: SequenceWriter<T>,
  tailAt = range.end,
): string {
  const indexOf = new Map(units.map((unit, index) => [unit.id, index]));
  const anchored = anchorGroups(groups, indexOf);
  const kept = new Set<number>();
  groups.forEach((group, index) => {
    if (anchored[index]) kept.add(indexOf.get(group.id!)!);
  });

  let out = '';
  let cursor = range.start;
  let nextUnit = 0;
  // Copies the original text up to `to`, leaving out the elements no group kept.
  const copyTo = (to: number): void => {
    while (nextUnit < units.length && units[nextUnit]!.start < to) {
      const unit = units[nextUnit]!;
      if (!kept.has(nextUnit)) {
        out += text.slice(cursor, unit.start);
        cursor = unit.end;
      }
      nextUnit++;
    }
    if (to > cursor) {
      out += text.slice(cursor, to);
      cursor = to;
    }
  };
  let pending = '';
  groups.forEach((group, index) => {
    if (!anchored[index]) {
      pending += writer.fresh(group);
      return;
    }
    const unit = units[indexOf.get(group.id!)!]!;
    // New groups before a kept element follow the one kept before it, so copy up to that point first.
    if (pending !== '') {
      out += pending;
      pending = '';
    }
    copyTo(unit.start);
    out += writer.same(group, unit) ? text.slice(unit.start, unit.end) : writer.changed(group, unit);
    cursor = unit.end;
    while (nextUnit < units.length && units[nextUnit]!.start < cursor) nextUnit++;
  });
  const lastEnd = units.reduce((end, unit) => Math.max(end, unit.end), cursor);
  copyTo(Math.min(Math.max(lastEnd, cursor), range.end));
  if (pending !== '') {
    const at = Math.max(cursor, Math.min(tailAt, range.end));
    copyTo(at);
    out += pending;
  }
  copyTo(range.end);
  return out;
}

// Marks the groups that keep their element: the longest subsequence of first uses whose
// elements are in increasing original order (patience sorting, O(n log n)).
function anchorGroups<T>(groups: readonly Group<T>[], indexOf: ReadonlyMap<string, number>): boolean[] {
  const candidates: { group: number; unit: number }[] = [];
  const seen = new Set<string>();
  groups.forEach((group, index) => {
    if (group.id === null || seen.has(group.id)) return;
    seen.add(group.id);
    candidates.push({ group: index, unit: indexOf.get(group.id)! });
  });
  const tails: number[] = [];
  const previous: number[] = new Array<number>(candidates.length).fill(-1);
  candidates.forEach((candidate, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (candidates[tails[middle]!]!.unit < candidate.unit) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const anchored = new Array<boolean>(groups.length).fill(false);
  for (let index = tails.length > 0 ? tails[tails.length - 1]! : -1; index !== -1; index = previous[index]!) anchored[candidates[index]!.group] = true;
  return anchored;
}
