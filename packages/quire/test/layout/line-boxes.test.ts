import { describe, expect, it } from 'vitest';
import { wrapBand, type FloatImage } from '../../src/layout/float-wrap.js';
import { groupRows, lineBoxes } from '../../src/layout/line-boxes.js';
import type { ImageFloat } from '../../src/model/index.js';

// A 100 × 50 pt picture 100 pt in from the left of a 450 pt column, its top `top` pt below the paragraph's.
function band(top: number, float: Partial<ImageFloat> = {}) {
  const image: FloatImage = { float: { wrap: 'square', x: 2000, y: 0, align: null, ...float }, width: 100, height: 50, paint: () => undefined };
  return wrapBand(image, 100, 0, 450, top);
}

const EXTENT = { left: 0, right: 450, first: 0 };
const PITCH = { top: 0, height: 12 };
const boxes = (at: (index: number) => unknown, count: number) => Array.from({ length: count }, (_, index) => at(index));

describe('lineBoxes', () => {
  it('sets lines across the column above a picture, then one on each side of it, then across again below it', () => {
    const at = lineBoxes([band(20)], EXTENT, 0, PITCH);
    expect(boxes(at, 12)).toEqual([
      { row: 0, top: 0, x: 0, width: 450, beside: false },
      // Rows 1 to 5 (from 12 to 72 pt) stand beside the picture (from 20 to 70 pt).
      ...[1, 2, 3, 4, 5].flatMap((row) => [
        { row, top: row * 12, x: 0, width: 100, beside: true },
        { row, top: row * 12, x: 200, width: 250, beside: true },
      ]),
      { row: 6, top: 72, x: 0, width: 450, beside: false },
    ]);
  });

  it('sets the lines beside a picture its distances away from it, and goes on across once past its bottom distance', () => {
    // 20 pt kept on each side and 24 pt below the picture, which stands from 20 to 70 pt.
    const at = lineBoxes([band(20, { distance: { top: 0, right: 400, bottom: 480, left: 400 } })], EXTENT, 0, PITCH);
    expect(at(2)).toEqual({ row: 1, top: 12, x: 220, width: 230, beside: true });
    expect(at(1)).toEqual({ row: 1, top: 12, x: 0, width: 80, beside: true });
    // Rows 1 to 7 (from 12 to 96 pt) stand beside the picture and the 24 pt below it (to 94 pt).
    expect(at(15)).toEqual({ row: 8, top: 96, x: 0, width: 450, beside: false });
  });

  it('leaves the rows beside a picture wrapped top and bottom empty, and goes on right below it', () => {
    const at = lineBoxes([band(20, { wrap: 'topAndBottom' })], EXTENT, 0, PITCH);
    expect(boxes(at, 3).map((box) => (box as { top: number }).top)).toEqual([0, 70, 82]);
  });

  it('goes on below a picture wrapped top and bottom only past the distance kept below it', () => {
    const at = lineBoxes([band(20, { wrap: 'topAndBottom', distance: { top: 0, right: 0, bottom: 240, left: 0 } })], EXTENT, 0, PITCH);
    expect(boxes(at, 2).map((box) => (box as { top: number }).top)).toEqual([0, 82]);
  });

  it('indents the first line from where its part of the row starts, beside the picture too', () => {
    const at = lineBoxes([band(0, { wrapText: 'right' })], { left: 0, right: 450, first: 18 }, 0, PITCH);
    expect(at(0)).toEqual({ row: 0, top: 0, x: 218, width: 232, beside: true });
    expect(at(1)).toEqual({ row: 1, top: 12, x: 200, width: 250, beside: true });
  });
});

describe('groupRows', () => {
  it("puts the lines set on one row together, marking the paragraph's last line", () => {
    const at = lineBoxes([band(0)], EXTENT, 0, PITCH);
    const rows = groupRows(['a', 'b', 'c'], at);
    expect(rows.map(({ row, placed }) => [row, placed.map(({ line, isLast }) => `${line}${isLast ? '.' : ''}`)])).toEqual([
      [0, ['a', 'b']],
      [1, ['c.']],
    ]);
  });
});
