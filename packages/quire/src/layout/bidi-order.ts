import type { Bidi } from 'bidi-js';

/** Base direction of a paragraph: given by the document, or `auto` (its first strong character, UAX #9 P2). */
export type BaseDirection = 'ltr' | 'rtl' | 'auto';

/** Resolved embedding levels of a paragraph's text, one per UTF-16 code unit, and its base direction. */
export interface ParagraphLevels {
  readonly levels: Uint8Array;
  readonly rtl: boolean;
}

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, the
// right-to-left historic scripts of the SMP, and the explicit right-to-left marks and embeddings.
const RTL_TEXT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Returns whether `text` holds a right-to-left character, so that it needs the bidirectional algorithm. */
export function hasRtlText(text: string): boolean {
  return RTL_TEXT.test(text);
}

/**
 * Returns the embedding levels of a paragraph's text by the Unicode bidirectional algorithm
 * (UAX #9), or null when the text is left-to-right throughout (no reordering needed).
 */
export function resolveLevels(bidi: Bidi, text: string, direction: BaseDirection): ParagraphLevels | null {
  if (direction !== 'rtl' && !hasRtlText(text)) return null;
  // Hard breaks are line breaks within one paragraph, not paragraph separators (UAX #9 BD8): U+2028 keeps
  // the length and lets the whole paragraph share one base direction.
  const joined = text.replace(/[\n\r\u2029\u0085]/g, '\u2028');
  const result = bidi.getEmbeddingLevels(joined, direction);
  return { levels: result.levels, rtl: (result.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/**
 * Returns the indices of `levels` in visual order, left to right, by rule L2 of UAX #9: from the
 * highest level down to the lowest odd one, every run at that level or above is reversed.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, index) => index);
  const highest = Math.max(0, ...levels);
  const lowestOdd = levels.reduce((low, level) => (level % 2 === 1 ? Math.min(low, level) : low), Number.POSITIVE_INFINITY);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < order.length) {
      if (levels[order[start]!]! < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < order.length && levels[order[end]!]! >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}
