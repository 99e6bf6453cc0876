/**
 * How a Word font is shown: its own name first (used when the reader's computer has it), then the
 * metric-compatible open font that the PDF writer embeds (same advance widths, so lines break as
 * in Word; see src/writers/pdf/font-catalog.ts), then a generic family. `lineHeight` is the
 * height of a single-spaced line in ems (ascent + descent + line gap of the font's metrics),
 * which Word multiplies for `auto` line spacing.
 */
interface FontFace {
  readonly clone: string | null;
  readonly generic: 'sans-serif' | 'serif' | 'monospace';
  readonly lineHeight: number;
}

const CARLITO: FontFace = { clone: 'Carlito', generic: 'sans-serif', lineHeight: 1.22 };
const CALADEA: FontFace = { clone: 'Caladea', generic: 'serif', lineHeight: 1.17 };
const ARIMO: FontFace = { clone: 'Arimo', generic: 'sans-serif', lineHeight: 1.15 };
const TINOS: FontFace = { clone: 'Tinos', generic: 'serif', lineHeight: 1.15 };
const COUSINE: FontFace = { clone: 'Cousine', generic: 'monospace', lineHeight: 1.13 };

// The same table as the PDF writer's font catalogue, which cannot be shared: it reads font files from disk.
const FACES: Readonly<Record<string, FontFace>> = {
  calibri: CARLITO,
  'calibri light': CARLITO,
  carlito: CARLITO,
  cambria: CALADEA,
  caladea: CALADEA,
  arial: ARIMO,
  // Aptos (Office's default since 2023) has no metric-compatible open clone; Arimo is nearest.
  aptos: { ...ARIMO, lineHeight: 1.22 },
  'aptos display': { ...ARIMO, lineHeight: 1.22 },
  helvetica: ARIMO,
  'liberation sans': ARIMO,
  arimo: ARIMO,
  'times new roman': TINOS,
  times: TINOS,
  'liberation serif': TINOS,
  tinos: TINOS,
  georgia: TINOS,
  'courier new': COUSINE,
  courier: COUSINE,
  consolas: COUSINE,
  'liberation mono': COUSINE,
  cousine: COUSINE,
  monospace: COUSINE,
};

const UNKNOWN: FontFace = { clone: null, generic: 'sans-serif', lineHeight: 1.17 };

/** Word's default body font when a document names none (Calibri, shown as Carlito). */
export const DEFAULT_FONT_FAMILY = 'Calibri';

function faceOf(family: string): FontFace {
  return FACES[family.trim().toLowerCase()] ?? UNKNOWN;
}

/** Returns `text` as a CSS string (CSS Syntax Level 3, 4.3.5), quoted. */
export function cssString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot stand in a CSS string
  return `"${text.replace(/["\\]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}

/** Returns the CSS `font-family` stack of a Word font, e.g. `"Calibri", "Carlito", sans-serif`. */
export function fontStack(family: string): string {
  const face = faceOf(family);
  const names = [cssString(family.trim())];
  if (face.clone !== null && face.clone.toLowerCase() !== family.trim().toLowerCase()) names.push(cssString(face.clone));
  names.push(face.generic);
  return names.join(', ');
}

/** Returns the height of a single-spaced line of `family` in ems. */
export function singleLineHeight(family: string): number {
  return faceOf(family).lineHeight;
}
