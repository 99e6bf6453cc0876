import { describe, expect, it } from 'vitest';
import { formatListMarker, formatListNumber } from '../../src/model/index.js';

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

  it('pads numbers below ten with a zero in the decimalZero format', () => {
    expect(formatListNumber(7, 'decimalZero')).toBe('07');
    expect(formatListNumber(12, 'decimalZero')).toBe('12');
  });
});

describe('formatListMarker', () => {
  it('writes the number between the list prefix and suffix, a period after it by default', () => {
    expect(formatListMarker({ format: 'upperRoman', prefix: 'Article ', suffix: '.' }, 4)).toBe('Article IV.');
    expect(formatListMarker({ format: 'decimal', prefix: '3.', suffix: '' }, 2)).toBe('3.2');
    expect(formatListMarker({ format: 'lowerLetter' }, 1)).toBe('a.');
  });
});
