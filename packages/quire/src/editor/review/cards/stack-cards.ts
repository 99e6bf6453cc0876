/**
 * The tops of cards stacked as Word stacks comments in its markup area: each card as high as the
 * top of its range (`wanted`, null for a card without one, which follows the card above), pushed
 * down when the card above would overlap it, `gap` pixels apart. Cards are taken in the given order.
 */
export function stackCards(wanted: readonly (number | null)[], heights: readonly number[], gap: number): number[] {
  const tops: number[] = [];
  let bottom = -Infinity;
  for (let index = 0; index < wanted.length; index++) {
    const below = bottom === -Infinity ? 0 : bottom + gap;
    const top = Math.max(wanted[index] ?? below, below);
    tops.push(top);
    bottom = top + (heights[index] ?? 0);
  }
  return tops;
}
