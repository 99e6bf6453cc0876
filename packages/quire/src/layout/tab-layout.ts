import { decimalSplit, nextTabStop, tabWidth } from '../model/index.js';
import type { TabAlignment, TabStop } from '../model/index.js';
import type { Fragment, Line } from './line-layout.js';
import type { LayoutContext } from './layout-context.js';
import { drawnSize } from './text-style.js';

/** The tab stops of a paragraph and where its lines start, for placing the text after each tab. */
export interface TabSettings {
  readonly stops: readonly TabStop[];
  /** Points from the text column's start edge (where stops are measured from) to the start of line `index`. */
  readonly lineStart: (index: number) => number;
  /** Points from the column's edge to the end of a hanging first line's indent, which is a stop of the first line. */
  readonly hangingStop?: number | undefined;
}

/** The tab of a line whose stop aligns the text after it, until the next tab or the line's end. */
export interface OpenTab {
  readonly fragment: Extract<Fragment, { kind: 'tab' }>;
  /** The stop, in points from the line's start. */
  readonly position: number;
  readonly align: TabAlignment;
}

/**
 * Returns the stop a tab at `x` points from the start of line `index` moves to, in points from
 * the line's start; a stop past the line's `width` is taken back to its end, so that the text
 * after a right stop set beyond the margin stays on the page.
 */
export function stopForTab(settings: TabSettings, index: number, x: number, width: number): { position: number; align: TabAlignment; leader: TabStop['leader'] } {
  const start = settings.lineStart(index);
  const hanging = index === 0 && settings.hangingStop !== undefined ? settings.hangingStop * 20 : undefined;
  const stop = nextTabStop(settings.stops, (start + x) * 20, undefined, hanging);
  return { position: Math.min(stop.position / 20 - start, Math.max(width, x)), align: stop.align, leader: stop.leader };
}

/**
 * Widens or narrows the open tab of `line` so that the text after it meets its stop (its end at a
 * right stop, its middle at a centre stop, its decimal separator at a decimal stop) and moves that
 * text with it. Returns the line's new width.
 */
export function alignAfterTab(context: LayoutContext, line: Line, open: OpenTab): number {
  const after = line.fragments.slice(line.fragments.indexOf(open.fragment) + 1);
  const following = after.reduce((sum, fragment) => sum + fragment.width, 0);
  const width = tabWidth(open, open.fragment.x, following, open.align === 'decimal' ? widthBeforeDecimal(context, after) : 0);
  const shift = width - open.fragment.width;
  open.fragment.width = width;
  for (const fragment of after) fragment.x += shift;
  return open.fragment.x + width + following;
}

/** Returns the width the line would have with `added` points more text after its open tab. */
export function widthWithTab(line: Line, open: OpenTab, added: number): number {
  const after = line.fragments.slice(line.fragments.indexOf(open.fragment) + 1);
  const following = after.reduce((sum, fragment) => sum + fragment.width, 0) + added;
  // The added text is taken to be all before a decimal separator: the widest the line can get.
  return open.fragment.x + tabWidth(open, open.fragment.x, following, following) + following;
}

function widthBeforeDecimal(context: LayoutContext, fragments: readonly Fragment[]): number {
  let width = 0;
  for (const fragment of fragments) {
    if (fragment.kind !== 'text') {
      width += fragment.width;
      continue;
    }
    const split = decimalSplit(fragment.text);
    if (split === fragment.text.length) {
      width += fragment.width;
      continue;
    }
    return width + context.measure(fragment.text.slice(0, split), fragment.file, drawnSize(fragment.style));
  }
  return width;
}
