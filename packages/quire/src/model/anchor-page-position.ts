import type { ImageFloat } from './image-float.js';
import type { Twips } from './units.js';

/** A page's size and margins in twips, as an anchored object's position is measured against them; `left` includes the gutter. */
export interface AnchorPage {
  readonly width: Twips;
  readonly height: Twips;
  readonly top: Twips;
  readonly right: Twips;
  readonly bottom: Twips;
  readonly left: Twips;
}

/**
 * Whether an anchored object stands at its position on the page rather than at its paragraph:
 * text does not wrap around it (in front of or behind the text) and its vertical position is
 * relative to the page or its margins (`relativeV`; absent for the paragraph or the line).
 */
export function standsOnPage(float: ImageFloat): boolean {
  return float.wrap === 'none' && float.relativeV !== undefined;
}

/**
 * Returns the left edge, in twips from the page's left edge, of an anchored object `width` twips
 * wide, as Word places it (ECMA-376 Part 1, 20.4.3.4): aligned in, or offset from, the page, a
 * margin, or (`relativeH` absent) the text column.
 */
export function anchorPageLeft(float: ImageFloat, width: Twips, page: AnchorPage): Twips {
  const textWidth = Math.max(0, page.width - page.left - page.right);
  const [areaLeft, areaWidth] = ((): [number, number] => {
    switch (float.relativeH) {
      case 'page':
        return [0, page.width];
      case 'leftMargin':
      case 'insideMargin':
        return [0, page.left];
      case 'rightMargin':
      case 'outsideMargin':
        return [page.width - page.right, page.right];
      default:
        return [page.left, textWidth];
    }
  })();
  const align = float.align === 'left' ? 'start' : float.align === 'right' ? 'end' : float.align;
  return placeIn(areaLeft, areaWidth, width, align, float.x);
}

/**
 * Returns the top edge, in twips from the page's top edge, of an anchored object `height` twips
 * high whose vertical position is relative to the page or its margins (ECMA-376 Part 1,
 * 20.4.3.5): aligned in, or offset (`pageY`) from, the page, the margin, or the top or bottom margin.
 */
export function anchorPageTop(float: ImageFloat, height: Twips, page: AnchorPage): Twips {
  const [areaTop, areaHeight] = ((): [number, number] => {
    switch (float.relativeV) {
      case 'margin':
        return [page.top, page.height - page.top - page.bottom];
      case 'topMargin':
        return [0, page.top];
      case 'bottomMargin':
        return [page.height - page.bottom, page.bottom];
      default:
        return [0, page.height];
    }
  })();
  const align = float.alignV === 'top' ? 'start' : float.alignV === 'bottom' ? 'end' : (float.alignV ?? null);
  return placeIn(areaTop, areaHeight, height, align, float.pageY ?? 0);
}

// Where an object `size` long starts in the span of `extent` from `start`: at its start, middle or end, or `offset` into it.
function placeIn(start: number, extent: number, size: number, align: 'start' | 'center' | 'end' | null, offset: number): number {
  switch (align) {
    case 'start':
      return start;
    case 'center':
      return start + (extent - size) / 2;
    case 'end':
      return start + extent - size;
    default:
      return start + offset;
  }
}
