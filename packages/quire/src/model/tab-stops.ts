import type { Twips } from './units.js';

/** How text after a tab lines up with its stop (`w:tab w:val`, ECMA-376 Part 1, 17.18.84; `start`/`end` read as left/right). */
export type TabAlignment = 'left' | 'center' | 'right' | 'decimal';

/** What fills the space a tab spans (`w:leader`, ECMA-376 Part 1, 17.18.82); `middleDot` is `·`, `heavy` a thick line. */
export type TabLeader = 'dot' | 'hyphen' | 'underscore' | 'middleDot' | 'heavy';

/**
 * A custom tab stop of a paragraph (`w:tabs`, ECMA-376 Part 1, 17.3.1.37). `position` is in twips
 * from the start edge of the text column (the page margin), not from the paragraph's indent, as
 * Word measures it.
 */
export interface TabStop {
  readonly position: Twips;
  readonly align: TabAlignment;
  readonly leader: TabLeader | null;
}

/** Word's interval of default tab stops when the settings give none (`w:defaultTabStop`, 17.15.1.25): half an inch. */
export const DEFAULT_TAB_INTERVAL: Twips = 720;

/** Returns the `tabs` attribute of a paragraph when it is a list of tab stops, otherwise an empty list. */
export function readTabStops(value: unknown): readonly TabStop[] {
  if (!Array.isArray(value)) return [];
  return value.filter((stop): stop is TabStop => typeof stop === 'object' && stop !== null && Number.isFinite((stop as TabStop).position));
}

/**
 * Returns the stop a tab at `x` (twips from the column's start edge) moves to: the first custom
 * stop after `x`, else the next default stop (a left stop every `interval` twips). `hangingStop`
 * is the left indent of a first line with a hanging indent, which Word treats as a stop too.
 */
export function nextTabStop(stops: readonly TabStop[], x: Twips, interval: Twips = DEFAULT_TAB_INTERVAL, hangingStop?: Twips): TabStop {
  let found: TabStop | undefined;
  for (const stop of stops) {
    if (stop.position > x && (!found || stop.position < found.position)) found = stop;
  }
  if (hangingStop !== undefined && hangingStop > x && (!found || hangingStop < found.position)) return { position: hangingStop, align: 'left', leader: null };
  if (found) return found;
  const step = interval > 0 ? interval : DEFAULT_TAB_INTERVAL;
  return { position: (Math.floor(x / step) + 1) * step, align: 'left', leader: null };
}

/**
 * Returns the width of a tab at `x` that moves to `stop`, in the unit of its arguments. The text
 * after the tab (up to the next tab or the end of the line) is `following` wide, `beforeDecimal`
 * of it before its decimal separator: a right stop ends that text at the stop, a centre stop
 * centres it there, a decimal stop puts the separator there. A tab never has a negative width.
 */
export function tabWidth(stop: { readonly position: number; readonly align: TabAlignment }, x: number, following: number, beforeDecimal: number): number {
  switch (stop.align) {
    case 'right': return Math.max(0, stop.position - x - following);
    case 'center': return Math.max(0, stop.position - x - following / 2);
    case 'decimal': return Math.max(0, stop.position - x - beforeDecimal);
    default: return Math.max(0, stop.position - x);
  }
}

/** Returns the length of the part of `text` before its decimal separator (the first `.` or `,` after a digit, else the whole text). */
export function decimalSplit(text: string): number {
  const match = /\d[.,]/.exec(text);
  return match ? match.index + 1 : text.length;
}

/** The character a leader repeats across a tab. */
export const LEADER_CHARACTERS: Readonly<Record<TabLeader, string>> = {
  dot: '.',
  hyphen: '-',
  underscore: '_',
  middleDot: '·',
  heavy: '_',
};
