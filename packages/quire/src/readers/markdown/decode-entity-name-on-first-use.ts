// decode-named-character-reference's browser version, with its element made on the first call
// instead of when the module loads: the script-tag build takes this module in place of that package
// (rollup.config.mjs), because quire.min.js must load where there is no DOM (a worker, a bare
// context). Same contract: the text an entity name stands for, or false for an unknown name.
let element: HTMLElement | undefined;

/** Decodes `value`, an entity name without `&` and `;` (`copy`), through the browser's HTML parser. */
export function decodeNamedCharacterReference(value: string): string | false {
  const reference = `&${value};`;
  element ??= document.createElement('i');
  element.innerHTML = reference;
  const character = element.textContent ?? '';
  // Legacy names need no semicolon: `&notit;` reads as `¬it;`, which is not the name `notit`.
  if (character.endsWith(';') && value !== 'semi') return false;
  return character === reference ? false : character;
}
