import type { XmlElement } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';
import { parseColor, parseInteger, parseOnOff } from './ooxml-values.js';

/** A font as a run names it: a family, or a theme font slot (`minorHAnsi`) resolved through the theme. */
export interface FontChoice {
  readonly family?: string;
  readonly theme?: string;
}

/**
 * Run properties (`w:rPr`, ECMA-376 Part 1, 17.3.2) as one level of the style hierarchy gives
 * them; a property the level does not set is absent (never `undefined`-valued), so levels merge
 * with a spread.
 */
export interface RunProperties {
  /** The character style (`w:rStyle`); only direct formatting has one. */
  readonly styleId?: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  /** Bold and italic of complex-script text (`w:bCs`, `w:iCs`). */
  readonly complexBold?: boolean;
  readonly complexItalic?: boolean;
  readonly strike?: boolean;
  readonly doubleStrike?: boolean;
  readonly caps?: boolean;
  readonly smallCaps?: boolean;
  readonly hidden?: boolean;
  /** ST_Underline value; `none` removes an inherited underline. */
  readonly underline?: string;
  readonly verticalAlign?: 'superscript' | 'subscript' | 'baseline';
  /** `RRGGBB` or `auto`. */
  readonly color?: string;
  /** `RRGGBB` of a highlight (`w:highlight`), or `none`. */
  readonly highlight?: string;
  /** `RRGGBB` fill of run shading (`w:shd`), or `auto`. */
  readonly shading?: string;
  /** The font of ASCII and other Latin text (`w:rFonts` `w:ascii`, else `w:hAnsi`). */
  readonly font?: FontChoice;
  /** The font of East Asian text (`w:rFonts` `w:eastAsia`). */
  readonly eastAsiaFont?: FontChoice;
  /** The font of complex-script text: Arabic, Hebrew and the other scripts of 17.3.2.26 (`w:rFonts` `w:cs`). */
  readonly complexFont?: FontChoice;
  /** Which font characters that more than one slot could take use (`w:rFonts` `w:hint`). */
  readonly fontHint?: 'eastAsia' | 'cs' | 'default';
  /** Font size in half-points (`w:sz`). */
  readonly size?: number;
  /** Font size of complex-script text in half-points (`w:szCs`). */
  readonly complexSize?: number;
  /** Whether the run is right to left (`w:rtl`), which sets all its text with the complex-script formatting. */
  readonly rightToLeft?: boolean;
  /** Whether all the run's text is set with the complex-script formatting (`w:cs`). */
  readonly complexScript?: boolean;
}

/**
 * The toggle properties the reader resolves (ECMA-376 Part 1, 17.7.3): in styles they combine by
 * exclusive or across the levels of the hierarchy instead of overriding each other.
 */
export const TOGGLE_PROPERTIES = ['bold', 'italic', 'complexBold', 'complexItalic', 'strike', 'doubleStrike', 'caps', 'smallCaps', 'hidden'] as const;

/** A toggle property's name. */
export type ToggleProperty = (typeof TOGGLE_PROPERTIES)[number];

const TOGGLES: Readonly<Record<string, ToggleProperty>> = {
  'w:b': 'bold',
  'w:i': 'italic',
  'w:bCs': 'complexBold',
  'w:iCs': 'complexItalic',
  'w:strike': 'strike',
  'w:dstrike': 'doubleStrike',
  'w:caps': 'caps',
  'w:smallCaps': 'smallCaps',
  'w:vanish': 'hidden',
};

// On/off properties that make all of a run's text complex script (17.3.2.30 rtl, 17.3.2.7 cs); not toggles.
const SCRIPT_SWITCHES: Readonly<Record<string, 'rightToLeft' | 'complexScript'>> = { 'w:rtl': 'rightToLeft', 'w:cs': 'complexScript' };

// ST_HighlightColor (ECMA-376 Part 1, 17.18.40) as RGB.
const HIGHLIGHT_COLORS: Readonly<Record<string, string>> = {
  black: '000000',
  blue: '0000FF',
  cyan: '00FFFF',
  green: '00FF00',
  magenta: 'FF00FF',
  red: 'FF0000',
  yellow: 'FFFF00',
  white: 'FFFFFF',
  darkBlue: '000080',
  darkCyan: '008080',
  darkGreen: '008000',
  darkMagenta: '800080',
  darkRed: '800000',
  darkYellow: '808000',
  darkGray: '808080',
  lightGray: 'C0C0C0',
  none: 'none',
};

const UNDERLINES = new Set([
  'single', 'words', 'double', 'thick', 'dotted', 'dottedHeavy', 'dash', 'dashedHeavy', 'dashLong', 'dashLongHeavy',
  'dotDash', 'dashDotHeavy', 'dotDotDash', 'dashDotDotHeavy', 'wave', 'wavyHeavy', 'wavyDouble', 'none',
]);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Returns the properties set by a `w:rPr` element (or an empty object without one). */
export function readRunProperties(rPr: XmlElement | undefined, names: OoxmlNames): RunProperties {
  const props: Mutable<RunProperties> = {};
  if (!rPr) return props;
  for (const child of names.children(rPr)) {
    const name = names.name(child);
    const onOff = TOGGLES[name] ?? SCRIPT_SWITCHES[name];
    if (onOff) {
      props[onOff] = parseOnOff(names.attr(child, 'w:val'));
      continue;
    }
    const val = names.attr(child, 'w:val');
    switch (name) {
      case 'w:rStyle':
        if (val) props.styleId = val;
        break;
      case 'w:u':
        if (val !== undefined && UNDERLINES.has(val)) props.underline = val;
        else if (val === undefined) props.underline = 'single';
        break;
      case 'w:vertAlign':
        if (val === 'superscript' || val === 'subscript' || val === 'baseline') props.verticalAlign = val;
        break;
      case 'w:color': {
        const color = parseColor(val);
        if (color) props.color = color;
        break;
      }
      case 'w:highlight': {
        const color = val === undefined ? undefined : HIGHLIGHT_COLORS[val];
        if (color) props.highlight = color;
        break;
      }
      case 'w:shd': {
        const fill = parseColor(names.attr(child, 'w:fill'));
        if (fill) props.shading = fill;
        break;
      }
      case 'w:rFonts':
        readFonts(child, names, props);
        break;
      case 'w:sz': {
        const size = readSize(val);
        if (size !== undefined) props.size = size;
        break;
      }
      case 'w:szCs': {
        const size = readSize(val);
        if (size !== undefined) props.complexSize = size;
        break;
      }
    }
  }
  return props;
}

function readSize(val: string | undefined): number | undefined {
  const size = parseInteger(val);
  return size !== undefined && size > 0 && size <= 3276 ? size : undefined;
}

// Each slot of `w:rFonts` is inherited on its own: a style that names only the complex-script
// font keeps the Latin font of the level below it.
function readFonts(rFonts: XmlElement, names: OoxmlNames, props: Mutable<RunProperties>): void {
  const font = readFontChoice(rFonts, names, ['w:asciiTheme', 'w:hAnsiTheme'], ['w:ascii', 'w:hAnsi']);
  if (font) props.font = font;
  const eastAsia = readFontChoice(rFonts, names, ['w:eastAsiaTheme'], ['w:eastAsia']);
  if (eastAsia) props.eastAsiaFont = eastAsia;
  const complex = readFontChoice(rFonts, names, ['w:cstheme'], ['w:cs']);
  if (complex) props.complexFont = complex;
  const hint = names.attr(rFonts, 'w:hint');
  if (hint === 'eastAsia' || hint === 'cs' || hint === 'default') props.fontHint = hint;
}

// The theme attribute wins over the explicit font of the same slot (ECMA-376 Part 1, 17.3.2.26);
// Latin text takes the ASCII slot, then the high ANSI one.
function readFontChoice(rFonts: XmlElement, names: OoxmlNames, themes: readonly string[], families: readonly string[]): FontChoice | undefined {
  for (const attribute of themes) {
    const theme = names.attr(rFonts, attribute);
    if (theme) return { theme };
  }
  for (const attribute of families) {
    const family = names.attr(rFonts, attribute)?.trim();
    if (family) return { family };
  }
  return undefined;
}
