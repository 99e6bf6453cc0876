import { describe, expect, it } from 'vitest';
import { parseCssColor } from '../../../src/readers/html/css-color.js';
import { readInlineStyle } from '../../../src/readers/html/inline-css.js';
import { readSafeHref } from '../../../src/readers/html/safe-href.js';

describe('parseCssColor', () => {
  it.each([
    ['#abc', 'AABBCC'],
    ['#A1B2C3', 'A1B2C3'],
    ['rgb(255, 0, 128)', 'FF0080'],
    ['rgba(0 128 255 / 0.5)', '0080FF'],
    ['rgb(100%, 50%, 0%)', 'FF8000'],
    ['Red', 'FF0000'],
  ])('reads %s as %s', (value, expected) => {
    expect(parseCssColor(value)).toBe(expected);
  });

  it.each(['transparent', 'rgba(0,0,0,0)', '#12', 'constructor', 'toString', 'hsl(0 0% 0%)'])('ignores %s', (value) => {
    expect(parseCssColor(value)).toBeUndefined();
  });
});

describe('readInlineStyle', () => {
  it('ignores declarations it does not know and values it cannot read', () => {
    const style = readInlineStyle('display: none; font-weight: normal; color: banana; text-align: constructor; font-size: 2em');
    expect(style.marks).toEqual([]);
    expect(style.align).toBeUndefined();
  });

  it('reads !important values and font sizes in pixels as points', () => {
    const style = readInlineStyle('FONT-WEIGHT: bold !important; font-size: 20px; background: #fff');
    expect(style.marks.map((mark) => [mark.type.name, mark.attrs])).toEqual([
      ['bold', {}],
      ['font', { family: null, size: 15 }],
    ]);
    expect(style.background).toBe('FFFFFF');
  });
});

describe('readSafeHref', () => {
  it.each(['https://example.com', 'mailto:a@example.com', '/relative/path', '#anchor', 'page.html?x=1', '//cdn.example/x'])('keeps %s', (href) => {
    expect(readSafeHref(href)).toBe(href);
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\nscript:alert(1)', 'vbscript:x', 'data:text/html,<script>', 'file:///etc/passwd', ''])('drops %j', (href) => {
    expect(readSafeHref(href)).toBeUndefined();
  });
});
