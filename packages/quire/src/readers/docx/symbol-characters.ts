// The Symbol font's encoding (Adobe Symbol, with Windows' euro at 0xA0) from 0x20 to 0x7E and
// 0xA0 to 0xFE as Unicode; a space marks a code without a character.
const SYMBOL_LOW =
  ' !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_‾αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼';
const SYMBOL_HIGH =
  '€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…|⎯↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈®©™∑⎛⎜⎝⎡⎢⎣⎧⎨⎩⎪ 〉∫⌠⎮⌡⎞⎟⎠⎤⎥⎦⎫⎬⎭';

// The Wingdings characters that documents use for bullets, arrows and check boxes, as the Unicode
// characters that look like them; Wingdings codes without a Unicode look-alike are left out.
const WINGDINGS: Readonly<Record<number, string>> = {
  0x4a: '☺',
  0x4c: '☹',
  0x6c: '●',
  0x6d: '❍',
  0x6e: '■',
  0x6f: '□',
  0x71: '❑',
  0x72: '❒',
  0x73: '⬧',
  0x74: '⧫',
  0x75: '◆',
  0x76: '❖',
  0x77: '⬥',
  0x7b: '❀',
  0x7c: '✿',
  0x9e: '·',
  0x9f: '•',
  0xa0: '▪',
  0xa1: '○',
  0xa4: '◉',
  0xa5: '◎',
  0xa7: '▪',
  0xa8: '◻',
  0xaa: '✦',
  0xab: '★',
  0xd8: '➢',
  0xdc: '➲',
  0xe8: '➔',
  0xef: '⇦',
  0xf0: '⇨',
  0xf1: '⇧',
  0xf2: '⇩',
  0xf9: '▭',
  0xfa: '▫',
  0xfb: '✗',
  0xfc: '✓',
  0xfd: '☒',
  0xfe: '☑',
};

function symbolCharacter(code: number): string | undefined {
  const text = code >= 0x20 && code <= 0x7e ? SYMBOL_LOW[code - 0x20] : code >= 0xa0 && code <= 0xfe ? [...SYMBOL_HIGH][code - 0xa0] : undefined;
  return text === undefined || text === ' ' ? (code === 0x20 ? ' ' : undefined) : text;
}

/**
 * Returns the Unicode text of a character in a symbol font: Word stores Symbol and Wingdings
 * characters at private-use code points U+F020..U+F0FF (or their 8-bit codes), which no other
 * font shows. Other characters, and symbol-font codes without a known equivalent, are returned
 * as they are.
 */
export function decodeSymbolCharacter(character: string, font: string | undefined): string {
  const code = character.codePointAt(0);
  if (code === undefined || character.length > 2) return character;
  const low = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  const family = (font ?? '').trim().toLowerCase();
  if (family === 'symbol') return symbolCharacter(low) ?? character;
  if (family.startsWith('wingdings')) return WINGDINGS[low] ?? character;
  if (code >= 0xf000 && code <= 0xf0ff) return symbolCharacter(low) ?? character;
  return character;
}

/**
 * Returns the text of a run in a symbol font with its private-use characters (U+F020..U+F0FF, as
 * Word writes Symbol and Wingdings text) decoded; text in other fonts is returned unchanged.
 */
export function decodeSymbolText(text: string, font: string | undefined): string {
  const family = (font ?? '').trim().toLowerCase();
  if (family !== 'symbol' && !family.startsWith('wingdings')) return text;
  return text.replace(/[\uF020-\uF0FF]/g, (character) => decodeSymbolCharacter(character, font));
}

/** Returns the text of a `w:sym` element's `w:char` (hexadecimal) in `w:font`, or undefined when malformed. */
export function readSymbol(char: string | undefined, font: string | undefined): string | undefined {
  if (char === undefined || !/^[0-9A-Fa-f]{1,6}$/.test(char)) return undefined;
  const code = parseInt(char, 16);
  if (code < 0x20 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return decodeSymbolCharacter(String.fromCodePoint(code), font);
}
