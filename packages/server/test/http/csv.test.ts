import { describe, expect, it } from 'vitest';
import { toCsv, wantsCsv } from '../../src/http/csv.js';

describe('toCsv', () => {
  it('writes a header row and CRLF lines, quoting cells with commas, quotes or line breaks', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', 3]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula, but writes negative numbers as numbers', () => {
    expect(toCsv(['key', 'n'], [['=HYPERLINK("http://x")', -2], ['@SUM(A1)', 0], ['+1', 1]])).toBe(
      `key,n\r\n"'=HYPERLINK(""http://x"")",-2\r\n'@SUM(A1),0\r\n'+1,1\r\n`,
    );
  });
});

describe('wantsCsv', () => {
  it('follows format=csv first, then an Accept header naming text/csv', () => {
    expect(wantsCsv('csv', 'application/json')).toBe(true);
    expect(wantsCsv('json', 'text/csv')).toBe(false);
    expect(wantsCsv(undefined, 'text/csv')).toBe(true);
    expect(wantsCsv(undefined, 'application/json, text/csv;q=0.5')).toBe(true);
    expect(wantsCsv(undefined, 'text/html,*/*')).toBe(false);
    expect(wantsCsv(undefined, undefined)).toBe(false);
  });
});
