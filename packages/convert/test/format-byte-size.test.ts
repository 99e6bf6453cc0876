import { describe, expect, it } from 'vitest';
import { formatByteSize } from '../src/format-byte-size.js';

describe('formatByteSize', () => {
  it('names whole binary units without decimals', () => {
    expect(formatByteSize(25 * 1024 * 1024)).toBe('25 MiB');
    expect(formatByteSize(64 * 1024)).toBe('64 KiB');
    expect(formatByteSize(2 * 1024 ** 3)).toBe('2 GiB');
  });

  it('keeps one decimal when the unit does not divide the count', () => {
    expect(formatByteSize(1.5 * 1024 * 1024)).toBe('1.5 MiB');
    expect(formatByteSize(25 * 1024 * 1024 + 1024 * 1024 * 0.25)).toBe('25.3 MiB');
  });

  it('counts bytes below one KiB', () => {
    expect(formatByteSize(900)).toBe('900 bytes');
    expect(formatByteSize(1)).toBe('1 byte');
  });
});
