import { describe, expect, it } from 'vitest';
import { coveredSpan, wrapBand, type FloatImage } from '../../src/layout/float-wrap.js';
import type { ImageFloat } from '../../src/model/index.js';

// A 100 × 50 pt picture standing 100 pt in from the left of a 450 pt column: 100 pt free on its left, 250 pt on its right.
function image(float: Partial<ImageFloat> = {}): FloatImage {
  return { float: { wrap: 'square', x: 2000, y: 0, align: null, ...float }, width: 100, height: 50, paint: () => undefined };
}

describe('wrapBand', () => {
  it('takes text on both sides of a square-wrapped picture that has room on both', () => {
    expect(wrapBand(image(), 100, 0, 450, 10)).toEqual({ top: 10, bottom: 60, left: 100, right: 200, sides: 'both' });
  });

  it('takes text on the larger side only when wrapText says largest', () => {
    expect(wrapBand(image({ wrapText: 'largest' }), 100, 0, 450, 0).sides).toBe('right');
  });

  it('takes text only on the side wrapText names, the narrower one too', () => {
    expect(wrapBand(image({ wrapText: 'left' }), 100, 0, 450, 0).sides).toBe('left');
    expect(wrapBand(image({ wrapText: 'right' }), 100, 0, 450, 0).sides).toBe('right');
  });

  it('takes no text beside a picture whose named side leaves less than an inch, nor beside one wrapped top and bottom', () => {
    expect(wrapBand(image({ wrapText: 'left' }), 50, 0, 450, 0).sides).toBe('none');
    expect(wrapBand(image({ wrap: 'topAndBottom' }), 100, 0, 450, 0).sides).toBe('none');
  });

  it('keeps text the distances the picture asks from each of its sides', () => {
    // 10 pt above, 20 pt right, 30 pt below, 15 pt left, in twips.
    const distance = { top: 200, right: 400, bottom: 600, left: 300 };
    expect(wrapBand(image({ distance }), 100, 0, 450, 10)).toEqual({ top: 0, bottom: 90, left: 85, right: 220, sides: 'both' });
  });

  it('counts the distance on a side in the room that side needs for text', () => {
    // 100 pt free on the left less 40 pt kept from the picture leaves less than an inch there.
    const distance = { top: 0, right: 0, bottom: 0, left: 800 };
    expect(wrapBand(image({ distance }), 100, 0, 450, 0).sides).toBe('right');
    expect(wrapBand(image({ distance, wrapText: 'left' }), 100, 0, 450, 0).sides).toBe('none');
  });

  it('lets a contour take text on a side narrower than an inch, where a word may fit beside it', () => {
    const contour = [[10800, 0], [21600, 21600], [0, 21600]] as const;
    expect(wrapBand(image({ contour }), 50, 0, 450, 0).sides).toBe('both');
  });
});

describe('coveredSpan', () => {
  it('covers the picture box where the picture reaches, and nothing above or below it', () => {
    const band = wrapBand(image(), 100, 0, 450, 10);
    expect(coveredSpan(band, 0, 12)).toEqual({ left: 100, right: 200 });
    expect(coveredSpan(band, 0, 10)).toBeNull();
    expect(coveredSpan(band, 60, 72)).toBeNull();
  });

  it('covers only as far as a contour reaches between the heights asked about', () => {
    // A triangle: a point at the middle of the top edge, widening to the whole bottom edge.
    const band = wrapBand(image({ contour: [[10800, 0], [21600, 21600], [0, 21600]] }), 100, 0, 450, 0);
    expect(coveredSpan(band, 0, 10)).toEqual({ left: 140, right: 160 });
    expect(coveredSpan(band, 40, 60)).toEqual({ left: 100, right: 200 });
  });

  it('keeps the distances on the left and right of a contour from it, and none above or below it', () => {
    const distance = { top: 200, right: 400, bottom: 200, left: 800 };
    const band = wrapBand(image({ contour: [[10800, 0], [21600, 21600], [0, 21600]], distance }), 100, 0, 450, 0);
    expect(coveredSpan(band, 0, 10)).toEqual({ left: 100, right: 180 });
    expect(coveredSpan(band, 50, 60)).toBeNull();
  });
});
