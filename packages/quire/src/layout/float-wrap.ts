import type { ImageFloat } from '../model/index.js';
import type { Paint } from './paint-op.js';

/** A floating image of a paragraph, measured in points and ready to paint. */
export interface FloatImage {
  readonly float: ImageFloat;
  readonly width: number;
  readonly height: number;
  readonly paint: Paint;
}

/** Where the lines beside a floating image go: narrower by `cut` points, moved right by `shift`. */
export interface WrapBand {
  /** Height in points still beside the image. */
  remaining: number;
  readonly cut: number;
  readonly shift: number;
}

/**
 * The floating image that text of one flow (a section's body) currently runs beside; shared by
 * the frames of that flow, so that the text of following paragraphs wraps too, as in Word.
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
 * Returns the band of text beside a square-wrapped image standing at `left` in a frame that spans
 * `frameLeft` to `frameLeft + frameWidth`: the side its `wrapText` names (only the left, only the
 * right), else the wider side (text on both sides is set on the wider one). Null when that side
 * leaves no room for text (the text then goes below the image).
 */
export function wrapBand(image: FloatImage, left: number, frameLeft: number, frameWidth: number): WrapBand | null {
  const before = left - frameLeft;
  const after = frameLeft + frameWidth - (left + image.width);
  const height = Math.max(image.float.y / 20, 0) + image.height;
  const side = image.float.wrapText === 'left' ? 'before' : image.float.wrapText === 'right' ? 'after' : before >= after ? 'before' : 'after';
  const room = side === 'before' ? before : after;
  if (room < MIN_TEXT_WIDTH) return null;
  return side === 'before' ? { remaining: height, cut: frameWidth - before, shift: 0 } : { remaining: height, cut: frameWidth - after, shift: frameWidth - after };
}
