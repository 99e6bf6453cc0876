import type { ResolvedPos } from 'prosemirror-model';
import { anchorPageLeft, anchorPageTop, standsOnPage } from '../../model/anchor-page-position.js';
import type { AnchorPage } from '../../model/anchor-page-position.js';
import type { ImageFloat } from '../../model/image-float.js';
import type { SectionPage } from '../../model/section-page.js';
import { roundedPixels as px } from './css-pixels.js';

/** How an anchored object is drawn: on the sheet at its page position, floating beside the text, on a line of its own, or over the text at its paragraph. */
export type AnchorPlacement = 'page' | 'left' | 'right' | 'block' | 'over';

/** Where an anchored object stands, in CSS pixels from the sheet's edges (`left`, `top`) or from the text column's edge (`offset`). */
export interface AnchorPosition {
  readonly placement: AnchorPlacement;
  /** From the sheet's left edge (`page`, `over`). */
  readonly left: number;
  /** From the sheet's top edge (`page`); from the top of the anchor paragraph (`over`, `left`, `right`, `block`). */
  readonly top: number;
  /** From the column's left edge (`block`, `left`), or right edge (`right`). */
  readonly offset: number;
}

/**
 * Works out where an anchored object of `width` by `height` twips stands on a sheet of
 * `geometry`, in CSS pixels, as Word places it (ECMA-376 Part 1, 20.4.3.4-5). One that text does
 * not wrap around (in front of or behind the text) lies over the text: on the sheet at its
 * position when that is relative to the page or its margins and `onPage` (the anchor is on the
 * sheet's first page: the text is not paginated, so later pages' tops are not known), otherwise
 * at its paragraph. One that text wraps around stands at its paragraph, since CSS cannot wrap text
 * around a box placed on the page: floating beside the text (square wrapping) or on a line of its
 * own (top and bottom).
 */
export function anchorPosition(float: ImageFloat, width: number, height: number, geometry: SectionPage, onPage: boolean): AnchorPosition {
  const { pageSize, margins } = geometry;
  const page: AnchorPage = { width: pageSize.width, height: pageSize.height, top: margins.top, right: margins.right, bottom: margins.bottom, left: margins.left + margins.gutter };
  const textWidth = Math.max(0, page.width - page.left - page.right);
  const left = anchorPageLeft(float, width, page);
  const fromColumn = left - page.left;
  if (standsOnPage(float) && onPage) return { placement: 'page', left: px(left), top: px(anchorPageTop(float, height, page)), offset: 0 };
  const top = px(Math.min(Math.max(float.y, 0), MAX_DROP));
  if (float.wrap === 'none') return { placement: 'over', left: px(left), top, offset: 0 };
  if (float.wrap === 'topAndBottom') return { placement: 'block', left: 0, top, offset: px(Math.max(0, fromColumn)) };
  // Square wrapping: float away from the side the text flows on, or to the side the middle is on.
  const after = textWidth - fromColumn - width;
  const side = float.wrapText === 'left' ? 'right' : float.wrapText === 'right' ? 'left' : float.wrapText === 'largest' ? (fromColumn >= after ? 'right' : 'left') : after < fromColumn ? 'right' : 'left';
  return { placement: side, left: 0, top, offset: px(Math.max(0, side === 'right' ? after : fromColumn)) };
}

// Offsets past a page's height (an object anchored pages away) are not followed.
const MAX_DROP = 15840;

/**
 * Whether the block at `$pos` (a position inside a section's direct child) is on its sheet's
 * first page: no page break, and no paragraph that starts a page, comes before it in the section.
 */
export function isOnFirstPage($pos: ResolvedPos): boolean {
  if ($pos.depth < 1 || $pos.node(1).type.name !== 'section') return false;
  const section = $pos.node(1);
  const index = $pos.index(1);
  for (let child = 0; child < index; child++) {
    const node = section.child(child);
    if (node.type.name === 'page_break' || node.attrs['pageBreakBefore'] === true) return false;
  }
  return true;
}
