import { describe, expect, it } from 'vitest';
import type { FloatImage } from '../../src/layout/float-wrap.js';
import { placeFloats } from '../../src/layout/paragraph-floats.js';
import type { Slice } from '../../src/layout/slice.js';
import type { ImageFloat } from '../../src/model/index.js';
import { build } from '../../src/model/index.js';

// A 100 × 50 pt picture 100 pt in from the left of a 450 pt column.
function image(float: Partial<ImageFloat>): FloatImage {
  return { float: { wrap: 'square', x: 2000, y: 0, align: null, ...float }, width: 100, height: 50, paint: () => undefined };
}

const FRAME = { left: 0, width: 450, wraps: true };
const START = { node: build.p('text'), offset: 0 };

describe('placeFloats', () => {
  it('stands a wrapped picture its offset below the top of the first line, below the space before the paragraph', () => {
    const slices: Slice[] = [{ height: 12, paint: () => undefined }];
    const { bands } = placeFloats([image({ y: 600 })], FRAME, slices, START);
    expect(bands).toEqual([{ top: 42, bottom: 92, left: 100, right: 200, sides: 'both' }]);
  });

  it('stands a picture with a negative offset above the first line, where it is painted, so that only the lines beside its lower part make room for it', () => {
    const { bands } = placeFloats([image({ y: -600 })], FRAME, [], START);
    expect(bands).toEqual([{ top: -30, bottom: 20, left: 100, right: 200, sides: 'both' }]);
  });
});
