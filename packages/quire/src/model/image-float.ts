import type { Twips } from './units.js';

/**
 * How a floating (anchored) image stands beside the text (`wp:anchor`, ECMA-376 Part 1, 20.4.2.3):
 * text flows beside it (`square`, also for tight and through wrapping), only above and below it
 * (`topAndBottom`), or not around it at all (`none`: in front of or behind the text).
 */
export type ImageWrap = 'square' | 'topAndBottom' | 'none';

/**
 * The sides of a square-wrapped image that text flows on (`wrapText`, ECMA-376 Part 1, 20.4.3.7):
 * both, only the left, only the right, or the larger of the two.
 */
export type WrapText = 'bothSides' | 'left' | 'right' | 'largest';

/** What an anchored object's horizontal position is measured from (`wp:positionH/@relativeFrom`, ECMA-376 Part 1, 20.4.3.4). */
export type RelativeFromH = 'page' | 'margin' | 'column' | 'character' | 'leftMargin' | 'rightMargin' | 'insideMargin' | 'outsideMargin';

/** What an anchored object's vertical position is measured from (`wp:positionV/@relativeFrom`, ECMA-376 Part 1, 20.4.3.5). */
export type RelativeFromV = 'page' | 'margin' | 'paragraph' | 'line' | 'topMargin' | 'bottomMargin' | 'insideMargin' | 'outsideMargin';

/**
 * The `float` attribute of an `image` (or a `text_box`) that is anchored rather than inline: its
 * wrapping and its offset from the left of the text column and from the top of the paragraph it
 * is anchored in. `align` (when the producer aligned it instead of giving an offset) wins over
 * `x`. `wrapText` is absent for text on both sides.
 *
 * Where the producer measured from something else, the optional fields say so, as written:
 * `relativeH` (absent: the column) for `x` and `align`; `relativeV` (absent: the paragraph), with
 * `pageY` the vertical offset from it (`y` is then 0, the top of the paragraph, for views that
 * know no pages) or `alignV` its vertical alignment; `behind` for an object behind the text;
 * `contour` for tight and through wrapping, the outline text wraps to; `distance` for the room
 * text keeps from it, when some side has any.
 */
export interface ImageFloat {
  readonly wrap: ImageWrap;
  readonly x: Twips;
  readonly y: Twips;
  readonly align: 'left' | 'center' | 'right' | null;
  readonly wrapText?: Exclude<WrapText, 'bothSides'>;
  readonly relativeH?: RelativeFromH;
  readonly relativeV?: RelativeFromV;
  readonly pageY?: Twips;
  readonly alignV?: 'top' | 'center' | 'bottom';
  readonly behind?: boolean;
  readonly contour?: WrapContour;
  readonly distance?: WrapDistance;
}

/**
 * The least room, in twips, that text keeps from each side of a floating image (`distT`, `distR`,
 * `distB`, `distL` of `wp:anchor`, ECMA-376 Part 1, 20.4.2.3).
 */
export interface WrapDistance {
  readonly top: Twips;
  readonly right: Twips;
  readonly bottom: Twips;
  readonly left: Twips;
}

/**
 * The outline text wraps to around a tightly wrapped image (`wp:wrapPolygon`, ECMA-376 Part 1,
 * 20.4.2.16): its corners in order, each `[x, y]` in 21600ths of the image's width and height from
 * its top-left corner, as Word writes them; three corners or more.
 */
export type WrapContour = readonly (readonly [number, number])[];

/** The span of a wrap contour's coordinates: 21600 is the image's full width or height. */
export const CONTOUR_SPAN = 21600;

const RELATIVE_H: readonly string[] = ['page', 'margin', 'column', 'character', 'leftMargin', 'rightMargin', 'insideMargin', 'outsideMargin'];
const RELATIVE_V: readonly string[] = ['page', 'margin', 'paragraph', 'line', 'topMargin', 'bottomMargin', 'insideMargin', 'outsideMargin'];

/** Returns the `float` attribute of an image when it has the shape of {@link ImageFloat}, otherwise null (an inline image). */
export function readImageFloat(value: unknown): ImageFloat | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<ImageFloat>;
  const wraps: readonly unknown[] = ['square', 'topAndBottom', 'none'];
  if (!wraps.includes(candidate.wrap) || typeof candidate.x !== 'number' || typeof candidate.y !== 'number') return null;
  const align = candidate.align === 'left' || candidate.align === 'center' || candidate.align === 'right' ? candidate.align : null;
  const wrapText = candidate.wrapText === 'left' || candidate.wrapText === 'right' || candidate.wrapText === 'largest' ? candidate.wrapText : undefined;
  const { relativeH, relativeV, pageY, alignV, behind, contour, distance } = candidate;
  return {
    wrap: candidate.wrap as ImageWrap,
    x: candidate.x,
    y: candidate.y,
    align,
    ...(wrapText ? { wrapText } : {}),
    ...(typeof relativeH === 'string' && RELATIVE_H.includes(relativeH) ? { relativeH } : {}),
    ...(typeof relativeV === 'string' && RELATIVE_V.includes(relativeV) ? { relativeV } : {}),
    ...(typeof pageY === 'number' && Number.isFinite(pageY) ? { pageY } : {}),
    ...(alignV === 'top' || alignV === 'center' || alignV === 'bottom' ? { alignV } : {}),
    ...(behind === true ? { behind } : {}),
    ...(isWrapContour(contour) ? { contour } : {}),
    ...(isWrapDistance(distance) ? { distance } : {}),
  };
}

function isWrapDistance(value: unknown): value is WrapDistance {
  if (typeof value !== 'object' || value === null) return false;
  const sides = value as Partial<Record<keyof WrapDistance, unknown>>;
  return (['top', 'right', 'bottom', 'left'] as const).every((side) => typeof sides[side] === 'number' && Number.isFinite(sides[side]) && sides[side] >= 0);
}

function isWrapContour(value: unknown): value is WrapContour {
  const isPoint = (point: unknown) => Array.isArray(point) && point.length === 2 && point.every((each) => typeof each === 'number' && Number.isFinite(each));
  return Array.isArray(value) && value.length >= 3 && value.every(isPoint);
}
