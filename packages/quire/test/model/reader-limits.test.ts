import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_LIMITS, normalizeReaderLimits } from '../../src/model/reader-limits.js';
import { createWarningLog } from '../../src/model/read-result.js';

describe('normalizeReaderLimits', () => {
  it('fills in the defaults', () => {
    expect(normalizeReaderLimits()).toEqual({ maxLength: 10_000_000, maxDepth: 100 });
    expect(normalizeReaderLimits({ maxDepth: 5 })).toEqual({ ...DEFAULT_READER_LIMITS, maxDepth: 5 });
  });

  it('throws a TypeError naming an option that is not a positive integer', () => {
    expect(() => normalizeReaderLimits({ maxLength: 0 })).toThrow(/maxLength/);
    expect(() => normalizeReaderLimits({ maxDepth: 1.5 })).toThrow(/maxDepth/);
  });
});

describe('createWarningLog', () => {
  it('keeps each distinct warning once and at most the limit', () => {
    const log = createWarningLog(2);
    log.warn('READER_UNKNOWN_ELEMENT', 'a');
    log.warn('READER_UNKNOWN_ELEMENT', 'a');
    log.warn('READER_UNKNOWN_ELEMENT', 'b');
    log.warn('READER_UNKNOWN_ELEMENT', 'c');
    expect(log.messages).toEqual([
      { type: 'warning', code: 'READER_UNKNOWN_ELEMENT', message: 'a' },
      { type: 'warning', code: 'READER_UNKNOWN_ELEMENT', message: 'b' },
    ]);
  });
});
