import { describe, expect, it } from 'vitest';
import { isBoundedJsonObject } from '../../../src/server/collect/bounded-json.js';

describe('isBoundedJsonObject', () => {
  it('accepts a plain object of JSON values up to 5 levels deep', () => {
    expect(isBoundedJsonObject({ a: 1, b: 'x', c: [true, null], d: { e: { f: { g: 'deep' } } } })).toBe(true);
  });

  it('refuses non-objects, arrays and null', () => {
    expect(isBoundedJsonObject([])).toBe(false);
    expect(isBoundedJsonObject(null)).toBe(false);
    expect(isBoundedJsonObject('text')).toBe(false);
  });

  it('refuses a sixth level of nesting, counting arrays', () => {
    expect(isBoundedJsonObject({ a: [[[[1]]]] })).toBe(true);
    expect(isBoundedJsonObject({ a: [[[[[1]]]]] })).toBe(false);
  });

  it('refuses more than 8 KiB once serialised, counting UTF-8 bytes', () => {
    expect(isBoundedJsonObject({ s: 'x'.repeat(8000) })).toBe(true);
    expect(isBoundedJsonObject({ s: 'é'.repeat(4100) })).toBe(false);
  });

  it('refuses NUL and unpaired surrogates in keys and values, which jsonb cannot store', () => {
    expect(isBoundedJsonObject({ 'a\u0000': 1 })).toBe(false);
    expect(isBoundedJsonObject({ a: ['\uD800'] })).toBe(false);
    expect(isBoundedJsonObject({ a: '\uDC00x' })).toBe(false);
    expect(isBoundedJsonObject({ emoji: '😀' })).toBe(true);
  });
});
