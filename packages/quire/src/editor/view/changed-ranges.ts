import type { Transaction } from 'prosemirror-state';

/** The ranges of the final document that `transactions` (applied in order) changed. */
export function changedRanges(transactions: readonly Transaction[]): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  transactions.forEach((tr, index) => {
    tr.mapping.maps.forEach((map, step) => {
      map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        let from = newStart;
        let to = newEnd;
        // Carry the range through the steps and transactions after this one.
        for (const later of tr.mapping.maps.slice(step + 1)) {
          from = later.map(from, -1);
          to = later.map(to, 1);
        }
        for (const next of transactions.slice(index + 1)) {
          from = next.mapping.map(from, -1);
          to = next.mapping.map(to, 1);
        }
        ranges.push({ from, to });
      });
    });
  });
  return ranges;
}
