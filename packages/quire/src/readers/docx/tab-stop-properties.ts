import type { XmlElement } from '@rgrove/parse-xml';
import type { TabAlignment, TabLeader, TabStop } from '../../model/tab-stops.js';
import type { OoxmlNames } from './ooxml-names.js';
import { parseTwips } from './ooxml-values.js';

/** A tab stop as one level of the style hierarchy gives it: a stop, or `clear`, which removes an inherited stop at its position. */
export type ReadTabStop = TabStop | { readonly position: number; readonly align: 'clear' };

// ST_TabJc (ECMA-376 Part 1, 17.18.84): `start` and `end` are the Strict names of left and right.
// Not kept: `num`, the stop after a list's number, which lists place themselves (their `indent`),
// and `bar`, which draws a vertical line and moves no text.
const ALIGNMENTS: Readonly<Record<string, TabAlignment | 'clear'>> = {
  left: 'left',
  start: 'left',
  center: 'center',
  right: 'right',
  end: 'right',
  decimal: 'decimal',
  clear: 'clear',
};

// ST_TabTlc (17.18.85); `none` and unknown values draw nothing.
const LEADERS: ReadonlySet<string> = new Set<TabLeader>(['dot', 'hyphen', 'underscore', 'middleDot', 'heavy']);

/** Returns the stops of a `w:tabs` element in document order; malformed entries are skipped. */
export function readTabStopList(tabs: XmlElement, names: OoxmlNames): ReadTabStop[] {
  const stops: ReadTabStop[] = [];
  for (const tab of names.children(tabs)) {
    if (names.name(tab) !== 'w:tab') continue;
    const align = ALIGNMENTS[names.attr(tab, 'w:val') ?? ''];
    const position = parseTwips(names.attr(tab, 'w:pos'));
    if (align === undefined || position === undefined) continue;
    if (align === 'clear') {
      stops.push({ position, align });
      continue;
    }
    const leader = names.attr(tab, 'w:leader') ?? '';
    stops.push({ position, align, leader: LEADERS.has(leader) ? (leader as TabLeader) : null });
  }
  return stops;
}

/** Returns `over`'s stops applied to `base`'s: a stop replaces the inherited one at its position, `clear` removes it. */
export function mergeTabStops(base: readonly ReadTabStop[], over: readonly ReadTabStop[]): ReadTabStop[] {
  const byPosition = new Map<number, ReadTabStop>();
  for (const stop of base) if (stop.align !== 'clear') byPosition.set(stop.position, stop);
  for (const stop of over) {
    if (stop.align === 'clear') byPosition.delete(stop.position);
    else byPosition.set(stop.position, stop);
  }
  return [...byPosition.values()];
}

/** Returns the stops that apply once every layer is merged, ordered by position; null when there are none. */
export function finalTabStops(stops: readonly ReadTabStop[] | undefined): TabStop[] | null {
  const kept = (stops ?? []).filter((stop): stop is TabStop => stop.align !== 'clear').sort((a, b) => a.position - b.position);
  return kept.length > 0 ? kept : null;
}
