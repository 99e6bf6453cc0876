import type { ResolvedRun } from './style-resolver.js';

/**
 * The font slot of `w:rFonts` that formats a character (ECMA-376 Part 1, 17.3.2.26): Latin text
 * (the `w:ascii` and `w:hAnsi` fonts, `w:sz`, `w:b`, `w:i`), East Asian text (the `w:eastAsia`
 * font) and complex-script text (the `w:cs` font, `w:szCs`, `w:bCs`, `w:iCs`).
 */
export type ScriptSlot = 'latin' | 'eastAsia' | 'complex';

/** A span of a run's text and the slot that formats it. */
export interface ScriptSpan {
  readonly text: string;
  readonly slot: ScriptSlot;
}

// Complex scripts as Word sets them in the `w:cs` font: Hebrew, Arabic, Syriac, Thaana, NKo and
// the Arabic extensions, the scripts of India, Thai and Lao, and the Hebrew and Arabic
// presentation forms.
const COMPLEX = /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0eff\ufb1d-\ufdff\ufe70-\ufefe]/u;

// East Asian text: Hangul, the CJK radicals, punctuation, kana, bopomofo and ideographs, Yi,
// the compatibility ideographs and forms, the half- and full-width forms, and the ideographs of
// the supplementary planes.
const EAST_ASIAN = /[\u1100-\u11ff\u2e80-\u2fff\u3000-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;

// Characters that East Asian fonts also draw, which `w:hint="eastAsia"` gives the East Asian font:
// the symbols of Latin-1, general punctuation (quotes, dashes), letterlike symbols, arrows, maths,
// box drawing, shapes and dingbats, and the private use area.
const EAST_ASIAN_BY_HINT = /[\u00a1\u00a4\u00a7\u00a8\u00aa\u00ad\u00af\u00b0-\u00b4\u00b6-\u00ba\u00bc-\u00bf\u00d7\u00f7\u2000-\u206f\u2070-\u2bff\ue000-\uf8ff]/u;

// Below U+0590 every character is Latin text but for the symbols a hint may give the East Asian font.
const BEYOND_LATIN = /[\u0590-\u{10ffff}]/u;

// Marks and joiners go with the character before them: a run split between a letter and its
// diacritic or joiner would be shaped in two parts.
const CLINGING = /[\p{M}\u200c\u200d]/u;

/** Returns the slot that formats `char` (one code point) in a run whose text is not all complex script. */
export function scriptSlotOf(char: string, hint: ResolvedRun['fontHint']): ScriptSlot {
  if (COMPLEX.test(char)) return 'complex';
  if (EAST_ASIAN.test(char) || (hint === 'eastAsia' && EAST_ASIAN_BY_HINT.test(char))) return 'eastAsia';
  return 'latin';
}

/**
 * Splits a run's text into spans of one slot each, in order: all of it complex script when the run
 * is right to left or complex script (`w:rtl`, `w:cs`), else character by character. Slots whose
 * formatting `sameAsLatin` says is the Latin one are taken as Latin, so that such text stays one span.
 */
export function splitByScript(text: string, run: Pick<ResolvedRun, 'complexOnly' | 'fontHint'>, sameAsLatin: (slot: ScriptSlot) => boolean): ScriptSpan[] {
  if (text === '') return [];
  const complexLatin = sameAsLatin('complex');
  if (run.complexOnly) return [{ text, slot: complexLatin ? 'latin' : 'complex' }];
  const eastAsiaLatin = sameAsLatin('eastAsia');
  // Most runs hold only Latin text, or format every slot alike: one span, without a look at each character.
  if ((run.fontHint !== 'eastAsia' && !BEYOND_LATIN.test(text)) || (complexLatin && eastAsiaLatin)) return [{ text, slot: 'latin' }];
  const spans: ScriptSpan[] = [];
  let current: ScriptSlot | null = null;
  let from = 0;
  let index = 0;
  for (const char of text) {
    const own: ScriptSlot = current !== null && CLINGING.test(char) ? current : scriptSlotOf(char, run.fontHint);
    const slot: ScriptSlot = (own === 'complex' && complexLatin) || (own === 'eastAsia' && eastAsiaLatin) ? 'latin' : own;
    if (slot !== current) {
      if (current !== null) spans.push({ text: text.slice(from, index), slot: current });
      current = slot;
      from = index;
    }
    index += char.length;
  }
  if (current !== null) spans.push({ text: text.slice(from), slot: current });
  return spans;
}

/**
 * Returns the formatting that `text` of `slot` shows in a run formatted `run`: its font, size,
 * bold and italic are the slot's; complex-script text whose theme font names no typeface takes
 * the theme's typeface for its script.
 */
export function formattingOf(run: ResolvedRun, slot: ScriptSlot, text = ''): ResolvedRun {
  if (slot === 'eastAsia') return { ...run, family: run.eastAsiaFamily ?? run.family };
  if (slot === 'complex') {
    const { complex } = run;
    const family = complex.family ?? scriptFamily(text, complex.scriptFamilies) ?? run.family;
    return { ...run, family, size: complex.size ?? run.size, bold: complex.bold, italic: complex.italic };
  }
  return run;
}

/** Returns whether text of `slot` looks as Latin text does in a run formatted `run`, whatever its script. */
export function looksLatin(run: ResolvedRun, slot: ScriptSlot): boolean {
  if (slot === 'complex' && run.complex.family === null && Object.keys(run.complex.scriptFamilies).length > 0) return false;
  const shown = formattingOf(run, slot);
  return shown.family === run.family && shown.size === run.size && shown.bold === run.bold && shown.italic === run.italic;
}

// ISO 15924 codes of the complex scripts, as themes name their typefaces (`a:font script`).
const SCRIPT_CODES: readonly (readonly [RegExp, string])[] = [
  [/\p{Script=Hebrew}/u, 'Hebr'],
  [/\p{Script=Arabic}/u, 'Arab'],
  [/\p{Script=Syriac}/u, 'Syrc'],
  [/\p{Script=Thaana}/u, 'Thaa'],
  [/\p{Script=Devanagari}/u, 'Deva'],
  [/\p{Script=Bengali}/u, 'Beng'],
  [/\p{Script=Gurmukhi}/u, 'Guru'],
  [/\p{Script=Gujarati}/u, 'Gujr'],
  [/\p{Script=Oriya}/u, 'Orya'],
  [/\p{Script=Tamil}/u, 'Taml'],
  [/\p{Script=Telugu}/u, 'Telu'],
  [/\p{Script=Kannada}/u, 'Knda'],
  [/\p{Script=Malayalam}/u, 'Mlym'],
  [/\p{Script=Sinhala}/u, 'Sinh'],
  [/\p{Script=Thai}/u, 'Thai'],
  [/\p{Script=Lao}/u, 'Laoo'],
];

// The theme's typeface for the script of `text`'s letters, if it names one.
function scriptFamily(text: string, families: Readonly<Record<string, string>>): string | undefined {
  for (const [pattern, code] of SCRIPT_CODES) if (families[code] !== undefined && pattern.test(text)) return families[code];
  return undefined;
}
