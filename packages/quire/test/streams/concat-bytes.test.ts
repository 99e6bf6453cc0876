import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/streams/concat-bytes.js';

describe('concatBytes', () => {
  it('joins chunks in order into an array that owns its buffer', () => {
    const pooled = Buffer.from([9, 1, 2, 9]).subarray(1, 3);
    const joined = concatBytes([pooled, new Uint8Array([3])]);
    expect([...joined]).toEqual([1, 2, 3]);
    expect(joined.byteOffset).toBe(0);
    expect(joined.buffer.byteLength).toBe(3);
  });

  it('returns an empty array for no chunks', () => {
    expect(concatBytes([]).byteLength).toBe(0);
  });
});
