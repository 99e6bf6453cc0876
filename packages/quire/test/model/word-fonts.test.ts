import { describe, expect, it } from 'vitest';
import { OPEN_FONTS, wordFontClone } from '../../src/model/word-fonts.js';

describe('wordFontClone', () => {
  it('returns the metric-compatible open font of each common Word font', () => {
    expect(wordFontClone('Calibri')?.openFont).toBe(OPEN_FONTS.carlito);
    expect(wordFontClone('Calibri Light')?.openFont).toBe(OPEN_FONTS.carlito);
    expect(wordFontClone('Cambria')?.openFont).toBe(OPEN_FONTS.caladea);
    expect(wordFontClone('Arial')?.openFont).toBe(OPEN_FONTS.arimo);
    expect(wordFontClone('Helvetica')?.openFont).toBe(OPEN_FONTS.arimo);
    expect(wordFontClone('Aptos')?.openFont).toBe(OPEN_FONTS.arimo);
    expect(wordFontClone('Times New Roman')?.openFont).toBe(OPEN_FONTS.tinos);
    expect(wordFontClone('Courier New')?.openFont).toBe(OPEN_FONTS.cousine);
    expect(wordFontClone('Georgia')?.openFont).toBe(OPEN_FONTS.gelasio);
  });

  it('maps each open font to itself', () => {
    for (const font of Object.values(OPEN_FONTS)) expect(wordFontClone(font.family)?.openFont).toBe(font);
  });

  it('ignores case and surrounding white space', () => {
    expect(wordFontClone('  times NEW roman ')?.openFont.family).toBe('Tinos');
  });

  it('returns null for fonts it does not know, including names of object members', () => {
    expect(wordFontClone('Comic Sans MS')).toBeNull();
    expect(wordFontClone('constructor')).toBeNull();
    expect(wordFontClone('__proto__')).toBeNull();
  });

  it('keeps the line height of the Word font, not of its clone', () => {
    expect(wordFontClone('Aptos')?.lineHeight).toBe(1.22);
    expect(wordFontClone('Arial')?.lineHeight).toBe(1.15);
    // Georgia: 1878 + 449 units of 2048; Gelasio's own 1900 + 700 would make lines 12 % taller.
    expect(wordFontClone('Georgia')?.lineHeight).toBe(1.14);
  });
});
