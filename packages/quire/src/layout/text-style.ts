import type { Mark } from 'prosemirror-model';
import { WORD_DEFAULT_STYLES } from '../model/index.js';
import { inlineCodeSize, monospaceFamily, resolveFamily } from './font-families.js';
import type { FamilyId, FontClasses } from './font-families.js';

/** Resolved character formatting of a run, in points and `RRGGBB` colours. */
export interface TextStyle {
  readonly family: FamilyId;
  readonly size: number;
  readonly bold: boolean;
  readonly italic: boolean;
  /** The underline's kind as WordprocessingML names it (`single`, `double`, `dotted`...), or null. */
  readonly underline: string | null;
  readonly strike: boolean;
  readonly color: string;
  readonly highlight: string | null;
  readonly script: 'superscript' | 'subscript' | null;
  readonly link: string | null;
  /** Capitals (`all`) or small capitals (`small`), drawn from the text's own letters. */
  readonly caps: 'all' | 'small' | null;
  /** The text is a tracked change shown in `all` markup: its line gets a change bar (see `review-style.ts`). */
  readonly changed?: boolean;
  /** The comments whose ranges hold the text, in `all` markup: the text is shaded and the margin shows them. */
  readonly comments?: readonly string[];
}

/** The style of body text that no mark changes: Calibri (Carlito) 11 pt, black. */
export const BODY_STYLE: TextStyle = {
  family: 'carlito',
  size: 11,
  bold: false,
  italic: false,
  underline: null,
  strike: false,
  color: '000000',
  highlight: null,
  script: null,
  link: null,
  caps: null,
};

/** Returns `base` changed by the marks of a text node; unknown marks are ignored. A font falls back by `fontClasses` (see `resolveFamily`). */
export function applyMarks(base: TextStyle, marks: readonly Mark[], fontClasses: FontClasses = {}): TextStyle {
  let style: { -readonly [K in keyof TextStyle]: TextStyle[K] } = { ...base };
  let code = false;
  for (const mark of marks) {
    const attrs = mark.attrs as Record<string, unknown>;
    switch (mark.type.name) {
      case 'bold': style.bold = true; break;
      case 'italic': style.italic = true; break;
      case 'underline': style.underline = typeof attrs['style'] === 'string' && attrs['style'] !== 'none' ? attrs['style'] : attrs['style'] === 'none' ? null : 'single'; break;
      case 'strike': style.strike = true; break;
      case 'code': code = true; break;
      case 'superscript': style.script = 'superscript'; break;
      case 'subscript': style.script = 'subscript'; break;
      case 'color': style.color = normalizeColor(attrs['color']) ?? style.color; break;
      case 'caps': style.caps = attrs['variant'] === 'small' ? 'small' : 'all'; break;
      case 'highlight': style.highlight = normalizeColor(attrs['color']) ?? 'FFFF00'; break;
      case 'link':
        style = { ...style, link: typeof attrs['href'] === 'string' ? attrs['href'] : null, underline: style.underline ?? 'single', color: WORD_DEFAULT_STYLES.linkColor };
        break;
      case 'font':
        if (typeof attrs['family'] === 'string') style.family = resolveFamily(attrs['family'], fontClasses);
        if (typeof attrs['size'] === 'number' && attrs['size'] > 0) style.size = Math.min(attrs['size'], 400);
        break;
      default: break;
    }
  }
  // Code is sized against the text around it, whatever font and size marks set.
  if (code) style = { ...style, size: inlineCodeSize(style.size, style.family), family: monospaceFamily() };
  return style;
}

function normalizeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return /^[0-9A-Fa-f]{6}$/.test(value) ? value.toUpperCase() : null;
}

/** Font size actually drawn: super- and subscripts are set smaller, as Word does (about two thirds). */
export function drawnSize(style: TextStyle): number {
  return style.script ? style.size * 0.65 : style.size;
}

/** Vertical offset of the baseline in points, upwards positive, for super- and subscripts. */
export function baselineShift(style: TextStyle): number {
  if (style.script === 'superscript') return style.size * 0.33;
  if (style.script === 'subscript') return -style.size * 0.14;
  return 0;
}
