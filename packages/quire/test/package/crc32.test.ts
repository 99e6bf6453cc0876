import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/package/crc32.js';

describe('crc32', () => {
  it('matches node:zlib on empty, short and long inputs', () => {
    const long = new Uint8Array(100_000).map((_, i) => (i * 7919) % 251);
    for (const data of [new Uint8Array(0), new TextEncoder().encode('123456789'), long]) {
      expect(crc32(data)).toBe(nodeCrc32(data));
    }
  });

  it('returns the published check value of "123456789"', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('continues a running CRC across chunks', () => {
    const data = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(crc32(data.subarray(10), crc32(data.subarray(0, 10)))).toBe(nodeCrc32(data));
  });
});
