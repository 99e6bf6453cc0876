import { CONTOUR_SPAN, type ImageFloat } from '../model/index.js';
import type { Paint } from './paint-op.js';

/** A floating image of a paragraph, measured in points and ready to paint. */
export interface FloatImage {
  readonly float: ImageFloat;
  readonly width: number;
  readonly height: number;
  readonly paint: Paint;
}

/**
 * A floating image that the text of a flow runs beside: the area text keeps out of (the image
 * with the room its `distance` asks around it), and the sides of it that take text (those with
 * room, of those its `wrapText` names).
 */
export interface WrapBand {
  /** Points from the flow's next content down to the area's top; zero or less once the text has reached it. */
  top: number;
  /** Points from the flow's next content down to the area's bottom. */
  bottom: number;
  /** The area's left edge, in points from the left of the column. */
  readonly left: number;
  /** The area's right edge, in points from the left of the column. */
  readonly right: number;
  /** The sides of the image that take text; `none` for an image text goes above and below. */
  readonly sides: 'both' | 'left' | 'right' | 'none';
  /**
   * The outline of a tightly wrapped image that text runs up to, its corners in points from the
   * area's top-left, with the room kept on its left and right; its box when absent.
   */
  readonly contour?: { readonly corners: readonly (readonly [number, number])[]; readonly left: number; readonly right: number };
}

/**
 * The floating image that text of one flow (a section's body) currently runs beside, the one
 * reaching furthest down; shared by the frames of that flow, so that the text of following
 * paragraphs wraps too, as in Word.
 */
export interface WrapState {
  band: WrapBand | null;
}

// Text needs at least this much room beside an image; a narrower gap is left empty (ECMA-376 leaves
// the minimum to the application; Word uses about an inch).
const MIN_TEXT_WIDTH = 72;

/** Returns the left edge of a floating image in points from the left of its column. */
export function floatLeft(image: FloatImage, columnWidth: number): number {
  switch (image.float.align) {
    case 'left': return 0;
    case 'center': return (columnWidth - image.width) / 2;
    case 'right': return columnWidth - image.width;
    default: return image.float.x / 20;
  }
}

/**
 * Returns the band of text beside an image standing at `left` in a frame that spans `frameLeft`
 * to `frameLeft + frameWidth`, with its top `top` points below the flow's next content. Text
 * keeps the image's `distance` from it: from its box, or, around a contour, only to its left and
 * right (ECMA-376 Part 1, 20.4.2.3; `wp:wrapTight` and `wp:wrapThrough` know no top and bottom
 * room). Text goes on both sides of a square-wrapped image, only on the side its `wrapText`
 * names, or on the larger side (20.4.3.7); without a contour, a side narrower than an inch takes
 * none. Text goes only above and below an image wrapped top and bottom, or one no side of which
 * takes text.
 */
export function wrapBand(image: FloatImage, left: number, frameLeft: number, frameWidth: number, top: number): WrapBand {
  const { float } = image;
  const distance = float.distance ?? { top: 0, right: 0, bottom: 0, left: 0 };
  const around = { left: distance.left / 20, right: distance.right / 20, top: float.contour ? 0 : distance.top / 20, bottom: float.contour ? 0 : distance.bottom / 20 };
  const area = { left: left - around.left, right: left + image.width + around.right, top: top - around.top, bottom: top + image.height + around.bottom };
  const room = { left: area.left - frameLeft, right: frameLeft + frameWidth - area.right };
  const named = float.wrapText === 'largest' ? (room.left >= room.right ? 'left' : 'right') : float.wrapText;
  // Around a contour, text goes wherever a word fits beside it, line by line.
  const takes = (side: 'left' | 'right'): boolean =>
    float.wrap === 'square' && (float.contour !== undefined || room[side] >= MIN_TEXT_WIDTH) && (named === undefined || named === side);
  const sides = takes('left') ? (takes('right') ? 'both' : 'left') : takes('right') ? 'right' : 'none';
  const corners = float.contour?.map(([x, y]) => [around.left + (x / CONTOUR_SPAN) * image.width, (y / CONTOUR_SPAN) * image.height] as const);
  return { ...area, sides, ...(corners ? { contour: { corners, left: around.left, right: around.right } } : {}) };
}

/**
 * Returns the part of the column, in points from its left, that `band` keeps text out of between
 * `top` and `bottom` points below the flow's next content: its area's width, or with a contour,
 * how far the contour reaches to either side between those heights, and the room kept beside it.
 * Null when the area does not reach that far up or down, or its contour does not.
 */
export function coveredSpan(band: WrapBand, top: number, bottom: number): { left: number; right: number } | null {
  if (band.top >= bottom || band.bottom <= top) return null;
  const contour = band.contour;
  if (!contour) return { left: band.left, right: band.right };
  let min = Infinity;
  let max = -Infinity;
  contour.corners.forEach((corner, index) => {
    const next = contour.corners[(index + 1) % contour.corners.length]!;
    for (const x of edgeXsBetween(corner, next, top - band.top, bottom - band.top)) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  });
  return min <= max ? { left: band.left + min - contour.left, right: band.left + max + contour.right } : null;
}

// Where the edge from `a` to `b` runs between heights `top` and `bottom`: the x of its ends, cut to those heights.
function edgeXsBetween(a: readonly [number, number], b: readonly [number, number], top: number, bottom: number): number[] {
  const [ax, ay] = a;
  const [bx, by] = b;
  const from = Math.max(Math.min(ay, by), top);
  const to = Math.min(Math.max(ay, by), bottom);
  if (from > to) return [];
  if (ay === by) return [ax, bx];
  const xAt = (y: number) => ax + ((bx - ax) * (y - ay)) / (by - ay);
  return [xAt(from), xAt(to)];
}

/**
 * Moves `bands` up by `height` points of laid-out content and returns the one whose image reaches
 * furthest below it, for the text that follows; null when none reaches below.
 */
export function furthestBand(bands: readonly WrapBand[], height: number): WrapBand | null {
  let furthest: WrapBand | null = null;
  for (const band of bands) {
    band.top -= height;
    band.bottom -= height;
    if (band.bottom > 0 && (!furthest || band.bottom > furthest.bottom)) furthest = band;
  }
  return furthest;
}
