import { describe, expect, it } from 'vitest';
import { resizeImage } from '../../fidelity/resize-image.js';
import { drawPage } from './draw-page.js';

describe('resizeImage', () => {
  it('returns the same image when it already has the size', () => {
    const image = drawPage(10, 8, []);
    expect(resizeImage(image, 10, 8)).toBe(image);
  });

  it('keeps a uniform image uniform at any size', () => {
    const grey = drawPage(7, 5, [{ x: 0, y: 0, width: 7, height: 5, grey: 90 }]);
    const scaled = resizeImage(grey, 13, 9);
    expect(scaled.width).toBe(13);
    expect(scaled.height).toBe(9);
    expect(scaled.data.length).toBe(13 * 9 * 4);
    expect(new Set(Array.from(scaled.data).filter((_, i) => i % 4 !== 3))).toEqual(new Set([90]));
  });

  it('interpolates between neighbouring pixels when enlarging', () => {
    const image = drawPage(2, 1, [{ x: 0, y: 0, width: 1, height: 1, grey: 0 }]);
    const scaled = resizeImage(image, 4, 1);
    // The 4 pixel centres map to source x = -0.25, 0.25, 0.75, 1.25 (pixel centres at 0 and 1), clamped to [0, 1].
    expect([0, 1, 2, 3].map((x) => scaled.data[x * 4])).toEqual([0, 64, 191, 255]);
  });

  it('rejects a size below one pixel', () => {
    expect(() => resizeImage(drawPage(2, 2, []), 0, 2)).toThrow(RangeError);
  });
});
