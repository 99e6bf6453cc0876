import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateRaw } from '../../src/package/deflate-raw.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('deflateRaw', () => {
  it('returns raw deflate data that zlib inflates back to the input, smaller for repetitive XML', async () => {
    const xml = encode('<w:p><w:r><w:t>hello</w:t></w:r></w:p>'.repeat(500));
    const deflated = await deflateRaw(xml);
    expect(deflated.length).toBeLessThan(xml.length / 10);
    expect(new Uint8Array(inflateRawSync(deflated))).toEqual(xml);
  });

  it('compresses empty input and content held in a SharedArrayBuffer', async () => {
    expect(new Uint8Array(inflateRawSync(await deflateRaw(new Uint8Array(0))))).toEqual(new Uint8Array(0));
    const shared = new Uint8Array(new SharedArrayBuffer(3000)).fill(0x41);
    expect(new Uint8Array(inflateRawSync(await deflateRaw(shared)))).toEqual(new Uint8Array(3000).fill(0x41));
  });
});
