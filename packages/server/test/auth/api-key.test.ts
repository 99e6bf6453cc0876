import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiKey, hashApiKey, isWellFormedApiKey, readApiKeyPrefix } from '../../src/auth/api-key.js';

const fixedBytes = (fill: number) => (n: number) => new Uint8Array(n).fill(fill);

describe('createApiKey', () => {
  it('returns sd_ followed by 49 base62 characters (43 for 256 bits, 6 of checksum)', () => {
    const { apiKey } = createApiKey(randomBytes);
    expect(apiKey).toMatch(/^sd_[0-9A-Za-z]{49}$/);
  });

  it('keeps a fixed length by left-padding small numbers with zeros', () => {
    const { apiKey } = createApiKey(fixedBytes(0));
    expect(apiKey.length).toBe(52);
    expect(apiKey.slice(3, 46)).toBe('0'.repeat(43));
  });

  it('encodes the 32 random bytes as a base62 number', () => {
    const bytes = new Uint8Array(32);
    bytes[31] = 61;
    const { apiKey } = createApiKey(() => bytes);
    expect(apiKey.slice(3, 46)).toBe('0'.repeat(42) + 'z');
  });

  it('encodes the largest 256-bit number in 43 characters', () => {
    const { apiKey } = createApiKey(fixedBytes(255));
    const body = apiKey.slice(3, 46);
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const decoded = [...body].reduce((value, char) => value * 62n + BigInt(alphabet.indexOf(char)), 0n);
    expect(decoded).toBe(2n ** 256n - 1n);
  });

  it('stores only a SHA-256 hex hash and an 11-character display prefix', () => {
    const key = createApiKey(randomBytes);
    expect(key.hash).toBe(createHash('sha256').update(key.apiKey).digest('hex'));
    expect(key.prefix).toBe(key.apiKey.slice(0, 11));
    expect(key.prefix).toMatch(/^sd_[0-9A-Za-z]{8}$/);
  });

  it('returns different keys for different random bytes', () => {
    const keys = new Set(Array.from({ length: 50 }, () => createApiKey(randomBytes).apiKey));
    expect(keys.size).toBe(50);
  });
});

describe('isWellFormedApiKey', () => {
  it('accepts a freshly created key', () => {
    expect(isWellFormedApiKey(createApiKey(randomBytes).apiKey)).toBe(true);
  });

  it('rejects a key with any single character changed (the checksum catches typos)', () => {
    const { apiKey } = createApiKey(randomBytes);
    for (let index = 3; index < apiKey.length; index += 1) {
      const original = apiKey[index] ?? '';
      const replacement = original === 'a' ? 'b' : 'a';
      const typo = apiKey.slice(0, index) + replacement + apiKey.slice(index + 1);
      expect(isWellFormedApiKey(typo), `typo at ${index}`).toBe(false);
    }
  });

  it('rejects two swapped neighbouring characters', () => {
    const { apiKey } = createApiKey(fixedBytes(7));
    const index = apiKey.search(/(.)(?!\1)./);
    const swapped = apiKey.slice(0, index) + apiKey[index + 1] + apiKey[index] + apiKey.slice(index + 2);
    expect(swapped).not.toBe(apiKey);
    expect(isWellFormedApiKey(swapped)).toBe(false);
  });

  it('rejects other prefixes, lengths and characters', () => {
    const { apiKey } = createApiKey(randomBytes);
    expect(isWellFormedApiKey('sk_' + apiKey.slice(3))).toBe(false);
    expect(isWellFormedApiKey(apiKey.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(apiKey + 'A')).toBe(false);
    expect(isWellFormedApiKey(apiKey.slice(0, 20) + '-' + apiKey.slice(21))).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });
});

describe('hashApiKey', () => {
  it('returns the lower-case hex SHA-256 of the key text', () => {
    // FIPS 180-2 appendix B.1 test vector.
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('readApiKeyPrefix', () => {
  it('returns sd_ and the first 8 characters after it', () => {
    expect(readApiKeyPrefix('sd_ABCDEFGHIJKLMN')).toBe('sd_ABCDEFGH');
  });
});
