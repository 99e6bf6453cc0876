import { describe, expect, it } from 'vitest';
import { wrapBand, type FloatImage } from '../../src/layout/float-wrap.js';

// A 100 × 50 pt picture standing 100 pt in from the left of a 450 pt column: 100 pt free on its left, 250 pt on its right.
function image(wrapText?: 'left' | 'right' | 'largest'): FloatImage {
  return { float: { wrap: 'square', x: 2000, y: 0, align: null, ...(wrapText ? { wrapText } : {}) }, width: 100, height: 50, paint: () => undefined };
}

describe('wrapBand', () => {
  it('sets text on both sides on the wider side, as the larger of the two', () => {
    expect(wrapBand(image(), 100, 0, 450)).toEqual({ remaining: 50, cut: 200, shift: 200 });
    expect(wrapBand(image('largest'), 100, 0, 450)).toEqual({ remaining: 50, cut: 200, shift: 200 });
  });

  it('sets text only on the side wrapText names, the narrower one too', () => {
    expect(wrapBand(image('left'), 100, 0, 450)).toEqual({ remaining: 50, cut: 350, shift: 0 });
    expect(wrapBand(image('right'), 100, 0, 450)).toEqual({ remaining: 50, cut: 200, shift: 200 });
  });

  it('puts the text below the picture when the named side leaves less than an inch', () => {
    expect(wrapBand(image('left'), 50, 0, 450)).toBeNull();
  });
});
