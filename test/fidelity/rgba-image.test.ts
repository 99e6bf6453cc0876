import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, readPngSize } from '../../fidelity/rgba-image.js';
import { drawPage } from './draw-page.js';

describe('encodePng and decodePng', () => {
  it('round-trip an image pixel for pixel', () => {
    const image = drawPage(9, 7, [{ x: 2, y: 1, width: 3, height: 4, grey: 33 }]);
    const decoded = decodePng(encodePng(image));
    expect(decoded.width).toBe(9);
    expect(decoded.height).toBe(7);
    expect(Array.from(decoded.data)).toEqual(Array.from(image.data));
  });
});

describe('readPngSize', () => {
  it('reads the width and height from the header', () => {
    expect(readPngSize(encodePng(drawPage(31, 17, [])))).toEqual({ width: 31, height: 17 });
  });

  it('throws for bytes that are not a PNG', () => {
    expect(() => readPngSize(new TextEncoder().encode('%PDF-1.7 not an image at all'))).toThrow(/Not a PNG/);
  });
});
