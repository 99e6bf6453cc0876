import { describe, expect, it } from 'vitest';
import { formatListNumber } from '../../src/model/index.js';

describe('formatListNumber', () => {
  it('writes roman numerals in lower and upper case', () => {
    expect(formatListNumber(4, 'lowerRoman')).toBe('iv');
    expect(formatListNumber(1994, 'upperRoman')).toBe('MCMXCIV');
  });

  it('writes letters and repeats them past z as Word does', () => {
    expect(formatListNumber(1, 'lowerLetter')).toBe('a');
    expect(formatListNumber(26, 'upperLetter')).toBe('Z');
    expect(formatListNumber(28, 'lowerLetter')).toBe('bb');
  });

  it('falls back to decimal for numbers a format cannot show', () => {
    expect(formatListNumber(0, 'lowerRoman')).toBe('0');
    expect(formatListNumber(12, 'decimal')).toBe('12');
  });
});
