import { describe, expect, it } from 'vitest';
import { readHyperlinkField } from '../../../src/readers/docx/field-stack.js';
import { parseColor, parseCssLengthAsTwips, parseEmuAsTwips, parseOnOff, parseTwips } from '../../../src/readers/docx/ooxml-values.js';

describe('OOXML values', () => {
  it('reads ST_OnOff: an absent value is on, false, 0 and off are off', () => {
    expect([undefined, 'true', '1', 'on', 'false', '0', 'off', ' Off '].map(parseOnOff)).toEqual([true, true, true, true, false, false, false, false]);
  });

  it('reads lengths in twips and in the universal measures of Strict documents, rejecting absurd ones', () => {
    expect(['1440', '-720', '2.54cm', '12pt', '1in', '10mm', 'wide', '99999999999', undefined].map(parseTwips)).toEqual([
      1440, -720, 1440, 240, 1440, 567, undefined, undefined, undefined,
    ]);
  });

  it('reads colours as upper-case RRGGBB or auto', () => {
    expect(['ff00aa', 'auto', 'AUTO', 'red', '#FF0000', undefined].map(parseColor)).toEqual(['FF00AA', 'auto', 'auto', undefined, undefined, undefined]);
  });

  it('converts DrawingML EMUs and VML CSS lengths to twips', () => {
    expect([parseEmuAsTwips('914400'), parseEmuAsTwips('0'), parseEmuAsTwips('-5'), parseEmuAsTwips('12.5')]).toEqual([1440, undefined, undefined, undefined]);
    expect(['72pt', '1in', '96px', '96', '2.54cm', 'auto'].map(parseCssLengthAsTwips)).toEqual([1440, 1440, 1440, 1440, 1440, undefined]);
  });
});

describe('readHyperlinkField', () => {
  it('returns the address of a HYPERLINK field code, with \\l adding a bookmark and other switches skipped', () => {
    expect(readHyperlinkField(' HYPERLINK "https://example.com/" \\o "tooltip" ')).toBe('https://example.com/');
    expect(readHyperlinkField('HYPERLINK \\l "_Toc123" \\h')).toBe('#_Toc123');
    expect(readHyperlinkField('hyperlink https://example.com/a \\l part')).toBe('https://example.com/a#part');
    expect(readHyperlinkField(' PAGEREF _Toc1 \\h ')).toBeUndefined();
    expect(readHyperlinkField(' HYPERLINK ')).toBeUndefined();
  });
});
