import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateVerificationCode, hashVerificationCode, isSameCodeHash } from '../../src/auth/verification-code.js';

function bytesOf(...values: number[]): (n: number) => Uint8Array {
  const queue = [...values];
  return (n) => {
    const value = queue.shift();
    if (value === undefined || n !== 4) throw new Error('unexpected draw');
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value);
    return bytes;
  };
}

describe('generateVerificationCode', () => {
  it('returns six digits, keeping leading zeros', () => {
    expect(generateVerificationCode(bytesOf(42))).toBe('000042');
    expect(generateVerificationCode(bytesOf(1_999_999))).toBe('999999');
  });

  it('draws again instead of folding the top of the 32-bit range onto low codes', () => {
    // 4 294 000 000 is the first value of the incomplete last block of 10^6 values.
    expect(generateVerificationCode(bytesOf(4_294_000_000, 123_456))).toBe('123456');
    expect(generateVerificationCode(bytesOf(0xffffffff, 4_293_999_999))).toBe('999999');
  });

  it('spreads codes uniformly over the ten leading digits (chi-square, 9 degrees of freedom)', () => {
    const draws = 50_000;
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < draws; i += 1) {
      const code = generateVerificationCode(randomBytes);
      expect(code).toMatch(/^\d{6}$/);
      counts[Number(code[0])] = (counts[Number(code[0])] ?? 0) + 1;
    }
    const expected = draws / 10;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 27.88 is the 0.999 quantile: a correct generator fails this once in a thousand runs.
    expect(chiSquare).toBeLessThan(27.88);
  });

  it('gives no code a noticeably higher share than 1 in 10^6 (distinct codes in 50 000 draws)', () => {
    const codes = new Set(Array.from({ length: 50_000 }, () => generateVerificationCode(randomBytes)));
    // Expected distinct values: 10^6 * (1 - e^(-0.05)) ≈ 48 771; a biased source would repeat far more.
    expect(codes.size).toBeGreaterThan(48_500);
  });
});

describe('hashVerificationCode', () => {
  it('returns HMAC-SHA256 under the secret of "email|code" in hex', () => {
    const expected = createHmac('sha256', 'server-secret').update('ada@example.com|042917').digest('hex');
    expect(hashVerificationCode('server-secret', 'ada@example.com', '042917')).toBe(expected);
  });

  it('differs for another address, another code or another secret', () => {
    const base = hashVerificationCode('s1', 'a@example.com', '111111');
    expect(hashVerificationCode('s1', 'b@example.com', '111111')).not.toBe(base);
    expect(hashVerificationCode('s1', 'a@example.com', '111112')).not.toBe(base);
    expect(hashVerificationCode('s2', 'a@example.com', '111111')).not.toBe(base);
  });
});

describe('isSameCodeHash', () => {
  it('is true only for equal hashes, and false for different lengths', () => {
    const hash = hashVerificationCode('s', 'a@example.com', '000000');
    expect(isSameCodeHash(hash, hash)).toBe(true);
    expect(isSameCodeHash(hash, hashVerificationCode('s', 'a@example.com', '000001'))).toBe(false);
    expect(isSameCodeHash(hash, hash.slice(0, 62))).toBe(false);
  });
});
