import { anchorPageLeft, anchorPageTop, standsOnPage } from '../model/index.js';
import { floatLeft, wrapBand } from './float-wrap.js';
import type { FloatImage, WrapBand } from './float-wrap.js';
import type { FloatTurn } from './float-turn.js';
import type { PaintTarget } from './paint-op.js';
import type { PageGeometry } from './paginate.js';
import { sumHeights } from './slice.js';
import type { Slice, SliceStart } from './slice.js';

/** A floating image of a paragraph, where it stands across the column, and whether text wraps around it. */
export interface PositionedFloat {
  readonly image: FloatImage;
  /** Points from the left of the column. */
  readonly left: number;
  readonly wraps: boolean;
  /** Points below the top of the paragraph's first line: its offset, or more when it goes on to the next page (see {@link FloatTurn}). */
  readonly top: number;
}

/** The floating images of a paragraph painted with its lines, and the bands of text they make. */
export interface PlacedFloats {
  readonly beside: readonly PositionedFloat[];
  /** Bands of text beside (or above and below) the images that text wraps around, for the lines of the flow. */
  readonly bands: readonly WrapBand[];
}

/** The part of a frame that floating images stand in: its left in the column, its width, and whether its text wraps around images. */
export interface FloatFrame {
  readonly left: number;
  readonly width: number;
  readonly wraps: boolean;
}

/** Where a paragraph's pictures go on to the next page, and the estimated height of its rows before them. */
export interface TurnOfFloats {
  readonly turn: FloatTurn;
  readonly rowHeight: number;
}

/**
 * Places a paragraph's floating images. In a frame whose text wraps, the text goes beside or
 * around those wrapped square or top and bottom; elsewhere those get a band of their own,
 * appended to `slices` before the paragraph's lines. Images not wrapped at all are painted with
 * the lines. The bands' tops are measured from the flow's next content, the top of `slices`.
 * The images a `turn` moves stand below the rows it leaves on the page before them.
 */
export function placeFloats(floats: readonly FloatImage[], frame: FloatFrame, slices: Slice[], start: SliceStart, turn?: TurnOfFloats): PlacedFloats {
  const beside: PositionedFloat[] = [];
  const columnWidth = frame.left + frame.width;
  floats.forEach((image, index) => {
    const left = floatLeft(image, columnWidth);
    const wraps = image.float.wrap !== 'none' && frame.wraps;
    if (image.float.wrap === 'none' || wraps) {
      const below = turn?.turn.moved[index] === true ? turn.turn.rows * turn.rowHeight : 0;
      beside.push({ image, left, wraps, top: below + image.float.y / 20 });
      return;
    }
    const offset = Math.max(image.float.y / 20, 0);
    slices.push({ height: offset + image.height, start, paint: (target, x, top) => image.paint(target, x + left, top + offset) });
  });
  // Images stand from the top of the paragraph's first line, below its space before and the images above.
  const linesTop = sumHeights(slices);
  const bands = beside.filter(({ wraps }) => wraps).map((placed) => wrapBand(placed.image, placed.left, frame.left, frame.width, linesTop + floatTop(placed)));
  return { beside, bands };
}

/**
 * Returns where an image's top stands below the top of its paragraph's first line, in points,
 * for placing it with the line beside it: its offset for an image text wraps around (above the
 * first line when negative, as it is painted; ECMA-376 Part 1, 20.4.3.5), below the rows before
 * the page turn when it goes on to the next page, none for the others, painted with the first line.
 */
export function floatTop({ wraps, top }: PositionedFloat): number {
  return wraps ? top : 0;
}

/**
 * Returns the room below the top of a slice that its floating images need: from `top`, the slice's
 * estimated top below the paragraph's first line, to their bottoms. Images standing at their
 * position on the page need none.
 */
export function floatsRoom(placed: readonly PositionedFloat[], top: number): number {
  return Math.max(0, ...placed.filter(({ image }) => !standsOnPage(image.float)).map((each) => floatTop(each) + each.image.height - top));
}

/**
 * Paints floating images of a paragraph whose first line's top is at `top` on the page: at their
 * offsets from it, or at their position on the page for those placed relative to the page.
 */
export function paintFloats(target: PaintTarget, placed: readonly PositionedFloat[], x: number, top: number): void {
  // An image whose offset would take it past the bottom of the page body is moved up, as Word
  // keeps anchored pictures on the page of their paragraph.
  for (const { image, left, top: below } of placed) {
    const page = standsOnPage(image.float) ? pagePosition(image, target.geometry) : null;
    if (page) image.paint(target, page.left, page.top);
    else image.paint(target, x + left, Math.max(Math.min(top + below, target.bodyBottom - image.height), 0));
  }
}

// A picture that text does not wrap around, placed relative to the page or its margins, stands at
// its position on the page of its paragraph (in points from the page's top-left corner), measured
// as the editor measures it.
function pagePosition(image: FloatImage, geometry: PageGeometry): { left: number; top: number } {
  const { width, height, top, right, bottom, left } = geometry;
  const page = { width: width * 20, height: height * 20, top: top * 20, right: right * 20, bottom: bottom * 20, left: left * 20 };
  return { left: anchorPageLeft(image.float, image.width * 20, page) / 20, top: anchorPageTop(image.float, image.height * 20, page) / 20 };
}
