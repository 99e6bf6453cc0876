import type { ListNumberFormat } from './nodes/list-nodes.js';

const ROMAN: readonly (readonly [number, string])[] = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];

/** Returns `n` written in a list number format (ECMA-376 Part 1, 17.18.59); unknown formats use decimal. */
export function formatListNumber(n: number, format: ListNumberFormat): string {
  switch (format) {
    case 'lowerLetter': return toLetters(n);
    case 'upperLetter': return toLetters(n).toUpperCase();
    case 'lowerRoman': return toRoman(n);
    case 'upperRoman': return toRoman(n).toUpperCase();
    case 'decimalZero': return n >= 0 && n < 10 ? `0${n}` : String(n);
    default: return String(n);
  }
}

/** Returns the marker of item number `n` of an ordered list: its number in the list's format between the list's prefix and suffix. */
export function formatListMarker(attrs: Readonly<Record<string, unknown>>, n: number): string {
  const format = typeof attrs['format'] === 'string' ? (attrs['format'] as ListNumberFormat) : 'decimal';
  const prefix = typeof attrs['prefix'] === 'string' ? attrs['prefix'] : '';
  const suffix = typeof attrs['suffix'] === 'string' ? attrs['suffix'] : '.';
  return `${prefix}${formatListNumber(n, format)}${suffix}`;
}

// Word repeats the letter past z: 27 is "aa", 28 "bb" (ECMA-376 Part 1, 17.18.59, lowerLetter).
function toLetters(n: number): string {
  if (n < 1) return String(n);
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  return letter.repeat(Math.min(Math.floor((n - 1) / 26) + 1, 50));
}

function toRoman(n: number): string {
  if (n < 1 || n >= 4000) return String(n);
  let rest = n;
  let out = '';
  for (const [value, digits] of ROMAN) {
    while (rest >= value) {
      out += digits;
      rest -= value;
    }
  }
  return out;
}
