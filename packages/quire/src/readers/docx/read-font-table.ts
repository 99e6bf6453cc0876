import type { XmlElement } from '@rgrove/parse-xml';
import type { FontClass } from '../../model/word-fonts.js';
import type { OoxmlNames } from './ooxml-names.js';

// ST_FontFamily (ECMA-376 Part 1, 17.18.30): `roman` is serif, `swiss` sans serif, `modern`
// monospaced; `script`, `decorative` and `auto` say nothing a fallback can use.
const FAMILY_CLASSES: Readonly<Record<string, FontClass>> = { roman: 'serif', swiss: 'sans', modern: 'mono' };

/**
 * Returns the class of each font the font table (`w:fonts`, ECMA-376 Part 1, 17.8.3) describes,
 * by lower-case name: a fixed pitch (`w:pitch`) is monospaced; then PANOSE (`w:panose1`) tells a
 * Latin text face's serifs and proportion; then `w:family`. Fonts it does not classify are left out.
 */
export function readFontClasses(fontTable: XmlElement | undefined, names: OoxmlNames): Record<string, FontClass> {
  const classes: Record<string, FontClass> = {};
  if (!fontTable) return classes;
  for (const font of names.children(fontTable)) {
    const name = names.name(font) === 'w:font' ? names.attr(font, 'w:name')?.trim().toLowerCase() : undefined;
    if (!name) continue;
    const fontClass =
      (names.childVal(font, 'w:pitch') === 'fixed' ? 'mono' : undefined) ??
      panoseClass(names.childVal(font, 'w:panose1')) ??
      FAMILY_CLASSES[names.childVal(font, 'w:family') ?? ''];
    if (fontClass) classes[name] = fontClass;
  }
  return classes;
}

// PANOSE 1 (ten bytes in hex): byte 1 is the family kind (2: Latin text), byte 2 the serif style
// (2 to 10 serifs, 11 to 15 sans serif), byte 4 the proportion (9: monospaced).
function panoseClass(value: string | undefined): FontClass | undefined {
  if (value === undefined || !/^[0-9A-Fa-f]{20}$/.test(value)) return undefined;
  const byte = (index: number): number => Number.parseInt(value.slice(index * 2, index * 2 + 2), 16);
  if (byte(0) !== 2) return undefined;
  if (byte(3) === 9) return 'mono';
  const serif = byte(1);
  if (serif >= 2 && serif <= 10) return 'serif';
  if (serif >= 11 && serif <= 15) return 'sans';
  return undefined;
}
