import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexFallback } from '../../src/identity/sha256.js';

const nodeSha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

const inputs: Array<[string, Uint8Array | string]> = [
  ['empty bytes', new Uint8Array(0)],
  ['a short string', 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09|2023-10-09T10:28:00Z'],
  ['a non-ASCII string', 'größe|😀'],
  ['3.5 MiB of bytes (several chunks)', new Uint8Array(3.5 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24)],
];

describe('sha256Hex', () => {
  it.each(inputs)('agrees with node:crypto on %s, with WebCrypto and with the fallback', async (_name, data) => {
    const expected = nodeSha256(data);
    expect(await sha256Hex(data)).toBe(expected);
    expect(await sha256Hex(data, { subtle: webcrypto.subtle })).toBe(expected);
    expect(await sha256Hex(data, { subtle: null })).toBe(expected);
    expect(await sha256HexFallback(data)).toBe(expected);
    expect(await sha256HexFallback(data, { chunkSize: 100_003 })).toBe(expected);
  });

  it('uses the injected WebCrypto when there is one', async () => {
    const calls: string[] = [];
    const subtle = {
      digest: async (algorithm: AlgorithmIdentifier, data: BufferSource) => {
        calls.push(String(algorithm));
        return webcrypto.subtle.digest(algorithm, data);
      },
    };
    expect(await sha256Hex('abc', { subtle })).toBe(nodeSha256('abc'));
    expect(calls).toEqual(['SHA-256']);
  });

  it('hashes only the bytes of a view, not its whole buffer', async () => {
    const buffer = new Uint8Array([9, 9, 1, 2, 3, 9]);
    const view = buffer.subarray(2, 5);
    expect(await sha256Hex(view)).toBe(nodeSha256(new Uint8Array([1, 2, 3])));
    expect(await sha256HexFallback(view)).toBe(nodeSha256(new Uint8Array([1, 2, 3])));
  });

  it('falls back to JavaScript when WebCrypto fails', async () => {
    const subtle = { digest: () => Promise.reject(new Error('not allowed here')) };
    expect(await sha256Hex('abc', { subtle })).toBe(nodeSha256('abc'));
  });
});

describe('sha256HexFallback', () => {
  it('yields to the event loop between chunks, so a timer set before it runs before it finishes', async () => {
    const data = new Uint8Array(3 * 1024 * 1024 + 1);
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    let timerRanBeforeDone = false;
    await sha256HexFallback(data).then(() => {
      timerRanBeforeDone = timerRan;
    });
    expect(timerRanBeforeDone).toBe(true);
  });

  it('does not yield for a single-chunk input', async () => {
    let timerRan = false;
    const timer = setTimeout(() => {
      timerRan = true;
    }, 0);
    await sha256HexFallback('small');
    expect(timerRan).toBe(false);
    clearTimeout(timer);
  });
});
