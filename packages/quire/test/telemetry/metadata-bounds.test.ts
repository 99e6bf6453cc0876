import { describe, expect, it } from 'vitest';
import { findMetadataProblem, MAX_METADATA_BYTES } from '../../src/telemetry/metadata-bounds.js';
import { metadataOfBytes } from '../../../../test/support/metadata-of-bytes.js';

describe('findMetadataProblem', () => {
  it('accepts a plain object of JSON values up to 5 levels deep', () => {
    expect(findMetadataProblem({ a: 1, b: 'x', c: [true, null], d: { e: { f: { g: 'deep' } } } })).toBeUndefined();
  });

  it('refuses non-objects, arrays and null', () => {
    expect(findMetadataProblem([])).toBe('must be a JSON object.');
    expect(findMetadataProblem(null)).toBe('must be a JSON object.');
    expect(findMetadataProblem('text')).toBe('must be a JSON object.');
  });

  it('refuses a sixth level of nesting, counting arrays', () => {
    expect(findMetadataProblem({ a: [[[[1]]]] })).toBeUndefined();
    expect(findMetadataProblem({ a: [[[[[1]]]]] })).toBe('must nest at most 5 levels, without NUL, lone surrogates or NaN.');
  });

  it('accepts exactly 8 KiB of JSON and refuses one byte more, counting UTF-8 bytes', () => {
    expect(JSON.stringify(metadataOfBytes(MAX_METADATA_BYTES))).toHaveLength(MAX_METADATA_BYTES);
    expect(findMetadataProblem(metadataOfBytes(MAX_METADATA_BYTES))).toBeUndefined();
    expect(findMetadataProblem(metadataOfBytes(MAX_METADATA_BYTES + 1))).toBe('is 8193 bytes as JSON, over 8 KiB.');
    expect(findMetadataProblem({ s: 'é'.repeat(4100) })).toMatch(/^is 8208 bytes as JSON/);
  });

  it('refuses NUL and unpaired surrogates in keys and values, which jsonb cannot store, and numbers JSON cannot hold', () => {
    expect(findMetadataProblem({ 'a\u0000': 1 })).toMatch(/NUL/);
    expect(findMetadataProblem({ a: ['\uD800'] })).toMatch(/lone surrogates/);
    expect(findMetadataProblem({ a: '\uDC00x' })).toMatch(/lone surrogates/);
    expect(findMetadataProblem({ a: Infinity })).toMatch(/NaN/);
    expect(findMetadataProblem({ emoji: '😀' })).toBeUndefined();
  });
});
