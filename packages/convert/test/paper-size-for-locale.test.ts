import { describe, expect, it } from 'vitest';
import { isLocaleTag, paperSizeForLocale } from '../src/paper-size-for-locale.js';

describe('paperSizeForLocale', () => {
  it.each([
    ['en-US', 'Letter'],
    ['en', 'Letter'],
    ['fr-CA', 'Letter'],
    ['es-MX', 'Letter'],
    ['en-GB', 'A4'],
    ['de', 'A4'],
    ['zh-Hans', 'A4'],
    ['es', 'A4'],
  ])('gives %s the paper %s', (locale, paper) => {
    expect(paperSizeForLocale(locale)).toBe(paper);
  });

  it('throws a RangeError for a malformed tag', () => {
    expect(() => paperSizeForLocale('en_US!')).toThrow(RangeError);
  });
});

describe('isLocaleTag', () => {
  it('accepts BCP 47 tags and refuses POSIX names, junk and overlong text', () => {
    expect(['en-US', 'de', 'zh-Hant-TW'].map(isLocaleTag)).toEqual([true, true, true]);
    expect(['en_US.UTF-8', '', 'not a tag', `en-${'x'.repeat(40)}`].map(isLocaleTag)).toEqual([false, false, false, false]);
  });
});
