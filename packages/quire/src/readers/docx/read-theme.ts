import type { XmlElement } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';

/** The fonts of a theme's font scheme (`a:fontScheme`, ECMA-376 Part 1, 20.1.4.1.18), by slot. */
export interface ThemeFonts {
  readonly major: ScriptFonts;
  readonly minor: ScriptFonts;
}

/**
 * The typefaces of one theme font for Latin, East Asian and complex scripts, empty when not given,
 * and by script (`a:font`, ISO 15924 codes such as `Arab` and `Hebr`) for text of a script whose
 * slot names none (20.1.4.1.16).
 */
export interface ScriptFonts {
  readonly latin: string;
  readonly eastAsia: string;
  readonly complex: string;
  readonly scripts: Readonly<Record<string, string>>;
}

const NO_FONTS: ScriptFonts = { latin: '', eastAsia: '', complex: '', scripts: {} };

/** The theme fonts of a document without a theme part. */
export const EMPTY_THEME_FONTS: ThemeFonts = { major: NO_FONTS, minor: NO_FONTS };

/** Returns the major and minor fonts of a parsed theme part (`a:theme`). */
export function readThemeFonts(root: XmlElement, names: OoxmlNames): ThemeFonts {
  const scheme = names.child(names.child(root, 'a:themeElements'), 'a:fontScheme');
  return {
    major: readScriptFonts(names.child(scheme, 'a:majorFont'), names),
    minor: readScriptFonts(names.child(scheme, 'a:minorFont'), names),
  };
}

/**
 * Returns the family a theme font slot of `w:rFonts` (ST_Theme: `minorHAnsi`, `majorEastAsia`...)
 * stands for, or undefined when the theme does not name it.
 */
export function resolveThemeFont(theme: ThemeFonts, slot: string): string | undefined {
  const fonts = themeFontsOf(theme, slot);
  if (!fonts) return undefined;
  const script = slot.slice(5);
  const family = script === 'EastAsia' ? fonts.eastAsia : script === 'Bidi' ? fonts.complex : fonts.latin;
  return family === '' ? undefined : family;
}

/** Returns the typefaces by script of the theme font of a slot (`minorBidi`: the minor font's). */
export function themeScriptFonts(theme: ThemeFonts, slot: string): Readonly<Record<string, string>> {
  return themeFontsOf(theme, slot)?.scripts ?? {};
}

function themeFontsOf(theme: ThemeFonts, slot: string): ScriptFonts | undefined {
  return slot.startsWith('major') ? theme.major : slot.startsWith('minor') ? theme.minor : undefined;
}

function readScriptFonts(font: XmlElement | undefined, names: OoxmlNames): ScriptFonts {
  if (!font) return NO_FONTS;
  const typeface = (name: string): string => names.attr(names.child(font, name) ?? font, 'typeface')?.trim() ?? '';
  const scripts: Record<string, string> = {};
  for (const each of names.childrenNamed(font, 'a:font')) {
    const script = names.attr(each, 'script');
    const face = names.attr(each, 'typeface')?.trim();
    if (script && face) scripts[script] = face;
  }
  return {
    latin: names.child(font, 'a:latin') ? typeface('a:latin') : '',
    eastAsia: names.child(font, 'a:ea') ? typeface('a:ea') : '',
    complex: names.child(font, 'a:cs') ? typeface('a:cs') : '',
    scripts,
  };
}
