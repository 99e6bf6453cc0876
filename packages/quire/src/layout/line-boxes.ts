import { coveredSpan, type WrapBand } from './float-wrap.js';

/** Where one line of a paragraph goes: on which row (rows beside an image hold a line on each side that takes text), and its left and width in points. */
export interface LineBox {
  readonly row: number;
  /** The estimated top of the row, in points below the top of the paragraph's first row. */
  readonly top: number;
  /** Points from the left of the frame. */
  readonly x: number;
  readonly width: number;
  /** Whether the box stands beside a floating image, so that a word too wide for it goes on to the next box. */
  readonly beside: boolean;
}

/** The horizontal extent of a paragraph's text, in points from the left of its frame. */
export interface TextExtent {
  readonly left: number;
  readonly right: number;
  /** The first line's indent from `left` (negative when it hangs). */
  readonly first: number;
  /** Whether the first line's indent is taken from `right` instead (a right-to-left paragraph). */
  readonly firstAtRight?: boolean;
}

/** Where a paragraph's rows start and how tall they are estimated to be, in points. */
export interface RowPitch {
  /** The top of the first row, below the flow's next content (the paragraph's space before). */
  readonly top: number;
  /** The usual height of a line, which places the rows below the first. */
  readonly height: number;
}

// A line is never narrower than this, however large the indents.
const MIN_LINE_WIDTH = 12;

/**
 * Returns where line `index` of a paragraph goes. Rows beside the images of `bands` take a line
 * on each side that takes text, the left one first as Word fills them; a row no side of which
 * has room is left empty, and the next one starts below the image (or a row lower beside a
 * contour, which narrows). Other rows take one line across `extent`. Boxes are made as they
 * are asked for, in order.
 */
export function lineBoxes(bands: readonly WrapBand[], extent: TextExtent, frameLeft: number, pitch: RowPitch): (index: number) => LineBox {
  const boxes: LineBox[] = [];
  let row = 0;
  let top = 0;
  return (index) => {
    while (boxes.length <= index) {
      const rowTop = pitch.top + top;
      const beside = bands.flatMap((band) => {
        const covered = coveredSpan(band, rowTop, rowTop + pitch.height);
        return covered ? [{ band, covered }] : [];
      });
      const spans = beside.length === 0 ? [{ x: extent.left, width: extent.right - extent.left }] : spansBeside(beside, extent.left, extent.right, frameLeft);
      for (const span of spans) boxes.push({ row, top, ...indented(span, boxes.length === 0 ? extent.first : 0, span.x > extent.left, extent.firstAtRight === true), beside: beside.length > 0 });
      // Below a row left empty, the next starts where the first image beside it (that does not narrow) ends.
      const below = spans.length === 0 ? Math.min(...beside.map(({ band }) => (band.contour ? rowTop + pitch.height : band.bottom))) : rowTop + pitch.height;
      top = Math.max(below, rowTop + pitch.height) - pitch.top;
      row += 1;
    }
    return boxes[index]!;
  };
}

// A line's span with the paragraph's first-line indent taken from its start (the right in a
// right-to-left paragraph); a hanging line beside an image on its left starts at the image's edge.
function indented(span: { x: number; width: number }, first: number, besideImage: boolean, atRight: boolean): { x: number; width: number } {
  const indent = besideImage && !atRight ? Math.max(first, 0) : first;
  return { x: atRight ? span.x : span.x + indent, width: Math.max(span.width - indent, MIN_LINE_WIDTH) };
}

// The parts of the text's extent (`from` to `to`, from the frame's left) between and beside the
// spans the images cover, each on a side of every image that takes text there.
function spansBeside(beside: readonly { band: WrapBand; covered: { left: number; right: number } }[], from: number, to: number, frameLeft: number): { x: number; width: number }[] {
  const covered = beside.map(({ covered }) => ({ left: covered.left - frameLeft, right: covered.right - frameLeft })).sort((a, b) => a.left - b.left);
  const gaps: { x: number; width: number }[] = [];
  let x = from;
  for (const span of covered) {
    gaps.push({ x, width: Math.min(span.left, to) - x });
    x = Math.max(x, span.right);
  }
  gaps.push({ x, width: to - x });
  const allowed = (gap: { x: number; width: number }) =>
    beside.every(({ band, covered }) => {
      if (gap.x + gap.width <= covered.left - frameLeft + 1e-6) return band.sides === 'both' || band.sides === 'left';
      return band.sides === 'both' || band.sides === 'right';
    });
  return gaps.filter((gap) => gap.width >= MIN_LINE_WIDTH && allowed(gap));
}

/** The lines set on one row, each in its box; `isLast` marks the paragraph's last line. */
export interface LineRow<T> {
  readonly row: number;
  /** The estimated top of the row, in points below the top of the paragraph's first row. */
  readonly top: number;
  readonly placed: readonly { readonly line: T; readonly box: LineBox; readonly isLast: boolean }[];
}

/** Groups a paragraph's lines, set in the boxes `boxAt` gives them, by row, top to bottom. */
export function groupRows<T>(lines: readonly T[], boxAt: (index: number) => LineBox): LineRow<T>[] {
  const rows: { row: number; top: number; placed: { line: T; box: LineBox; isLast: boolean }[] }[] = [];
  lines.forEach((line, index) => {
    const box = boxAt(index);
    const placed = { line, box, isLast: index === lines.length - 1 };
    const current = rows[rows.length - 1];
    if (current?.row === box.row) current.placed.push(placed);
    else rows.push({ row: box.row, top: box.top, placed: [placed] });
  });
  return rows;
}
