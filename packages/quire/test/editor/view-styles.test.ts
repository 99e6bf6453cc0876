import { describe, expect, it } from 'vitest';
import { lineHeightOf } from '../../src/editor/view/document-look.js';
import { fontStack } from '../../src/editor/view/font-stack.js';
import { bulletMarker } from '../../src/editor/view/nodes/list-views.js';
import { borderCss } from '../../src/editor/view/table-borders.js';

describe('fontStack', () => {
  it('puts the files the pages are laid out with first, then the Word font, its metric-compatible open font and a generic family', () => {
    expect(fontStack('Calibri')).toBe('"quire-laid-out calibri", "Calibri", "Carlito", sans-serif');
    expect(fontStack('Cambria')).toBe('"quire-laid-out cambria", "Cambria", "Caladea", serif');
    expect(fontStack('Arial')).toBe('"quire-laid-out arial", "Arial", "Arimo", sans-serif');
    expect(fontStack('Times New Roman')).toBe('"quire-laid-out times new roman", "Times New Roman", "Tinos", serif');
    expect(fontStack('Courier New')).toBe('"quire-laid-out courier new", "Courier New", "Cousine", monospace');
    expect(fontStack('Georgia')).toBe('"quire-laid-out georgia", "Georgia", "Gelasio", serif');
  });

  it('quotes names so that a hostile font name cannot end the declaration', () => {
    expect(fontStack('Evil"; color: red')).toBe('"quire-laid-out evil\\"; color: red", "Evil\\"; color: red", sans-serif');
  });
});

describe('lineHeightOf', () => {
  it('multiplies the font single line for auto spacing, in 240ths', () => {
    expect(lineHeightOf({ line: 240, lineRule: 'auto' }, 'Calibri')).toBe('1.22');
    expect(lineHeightOf({ line: 480, lineRule: 'auto' }, 'Calibri')).toBe('2.44');
  });

  it("keeps Georgia's single line in Gelasio, whose own ascent and descent are taller", () => {
    expect(lineHeightOf({ line: 240, lineRule: 'auto' }, 'Georgia')).toBe('1.14');
  });

  it('gives exact and at-least spacing in points', () => {
    expect(lineHeightOf({ line: 360, lineRule: 'exact' }, 'Arial')).toBe('18pt');
    expect(lineHeightOf({ line: 360, lineRule: 'atLeast' }, 'Arial')).toBe('max(1.15em, 18pt)');
  });
});

describe('bulletMarker', () => {
  it("shows the list's own bullet, and the level's usual one for none or a private-use character no web font draws", () => {
    expect(bulletMarker('➔')).toBe('➔');
    expect(bulletMarker('–')).toBe('–');
    expect(bulletMarker('\uF0E8')).toBeNull();
    expect(bulletMarker('')).toBeNull();
    expect(bulletMarker(null)).toBeNull();
  });
});

describe('borderCss', () => {
  it('turns a Word border into a visible CSS border', () => {
    expect(borderCss({ style: 'single', width: 0.5, color: '000000' })).toBe('0.75pt solid #000000');
    expect(borderCss({ style: 'double', width: 1, color: 'FF0000' })).toBe('3pt double #FF0000');
    expect(borderCss({ style: 'none', width: 1, color: '000000' })).toBe('none');
    expect(borderCss(undefined)).toBe('none');
  });
});
