import type { TextStyle } from './text-style.js';

/** Text as drawn (`text`) and as the document holds it (`source`), with the style it is drawn in. */
export interface CapitalPart {
  readonly text: string;
  readonly source: string;
  readonly style: TextStyle;
}

// Word draws small capitals at about four fifths of the size of the capitals (LibreOffice uses 80 % too).
const SMALL_CAPS_SCALE = 0.8;

/**
 * Returns `text` as drawn in `style`: upper case for capitals; for small capitals, its lower-case
 * letters upper case at a smaller size and the rest as it is. Text without capitals is one part.
 */
export function capitalParts(text: string, style: TextStyle): CapitalPart[] {
  if (style.caps === null) return [{ text, source: text, style }];
  if (style.caps === 'all') return [{ text: text.toUpperCase(), source: text, style }];
  const parts: CapitalPart[] = [];
  const small: TextStyle = { ...style, size: style.size * SMALL_CAPS_SCALE };
  for (const match of text.matchAll(/(\p{Ll}+)|(\P{Ll}+)/gu)) {
    const run = match[0];
    parts.push(match[1] ? { text: run.toUpperCase(), source: run, style: small } : { text: run, source: run, style });
  }
  return parts;
}
