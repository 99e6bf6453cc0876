/**
 * A horizontal band of laid-out content: a line of text, a spacer, a table row. Pagination places
 * slices top to bottom and starts a new page when the next one does not fit.
 */
export interface Slice {
  readonly height: number;
  /** Paints the slice with its top-left corner at (`x`, `top`), in points from the page's top-left. */
  readonly paint: (x: number, top: number) => void;
  /** Keep this slice on the same page as the next one (headings, orphan and widow control). */
  readonly keepWithNext?: boolean;
  /** Drop this slice when it would be the first on a page (space before a paragraph). */
  readonly discardAtTop?: boolean;
  /** Start a new page before this slice. */
  readonly pageBreakBefore?: boolean;
  /** Start the next column before this slice (a new page after the last column). */
  readonly columnBreakBefore?: boolean;
  /** Slices painted first when this slice starts a new page (a table's header rows). */
  readonly repeat?: readonly Slice[];
  /** Ids of footnotes referenced in the slice, set at the bottom of the page it lands on. */
  readonly footnotes?: readonly string[];
  /** Room the slice needs below its top on its page, when more than its height (a floating image painted with it). */
  readonly reserve?: number;
  /** A heading to add to the PDF outline when the slice is placed. */
  readonly outline?: { readonly level: number; readonly title: string };
}

/** Returns the total height of `slices`. */
export function sumHeights(slices: readonly Slice[]): number {
  return slices.reduce((sum, slice) => sum + slice.height, 0);
}

/** Returns a slice of empty space. */
export function spacer(height: number, discardAtTop = true): Slice {
  return { height, paint: () => undefined, discardAtTop };
}
