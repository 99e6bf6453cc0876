import type { Mark } from 'prosemirror-model';
import type { Alignment } from '../../model/paragraph-attrs.js';
import { schema } from '../../model/schema.js';
import { parseCssColor } from './css-color.js';

/** What Quire takes from an element's `style` attribute. */
export interface InlineStyle {
  /** Marks for the text inside the element. */
  readonly marks: readonly Mark[];
  readonly align: Alignment | undefined;
  /** `background-color` as `RRGGBB`: a highlight on inline elements, a shading on cells. */
  readonly background: string | undefined;
}

const ALIGNMENTS: ReadonlyMap<string, Alignment> = new Map([
  ['left', 'left'], ['start', 'left'], ['center', 'center'], ['right', 'right'], ['end', 'right'], ['justify', 'justify'],
]);

/** Returns the paragraph alignment named by a CSS `text-align` or HTML `align` value, if any. */
export function readAlignment(value: string | undefined): Alignment | undefined {
  return value === undefined ? undefined : ALIGNMENTS.get(value.trim().toLowerCase());
}

const GENERIC_FAMILIES: ReadonlySet<string> = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'inherit', 'initial']);

/**
 * Reads the declarations of a `style` attribute that the model can hold: font weight and style,
 * text decoration, vertical alignment, colour, background colour, font family and size, and text
 * alignment. Everything else, and every value it does not understand, is ignored.
 */
export function readInlineStyle(style: string | undefined): InlineStyle {
  const marks: Mark[] = [];
  let align: Alignment | undefined;
  let background: string | undefined;
  let family: string | null = null;
  let size: number | null = null;
  if (!style) return { marks, align, background };
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).replace(/!important/i, '').trim().toLowerCase();
    const raw = declaration.slice(colon + 1).replace(/!important/i, '').trim();
    switch (property) {
      case 'font-weight':
        if (value === 'bold' || value === 'bolder' || Number(value) >= 600) marks.push(schema.marks['bold']!.create());
        break;
      case 'font-style':
        if (value === 'italic' || value.startsWith('oblique')) marks.push(schema.marks['italic']!.create());
        break;
      case 'text-decoration':
      case 'text-decoration-line':
        if (value.includes('underline')) marks.push(schema.marks['underline']!.create());
        if (value.includes('line-through')) marks.push(schema.marks['strike']!.create());
        break;
      case 'vertical-align':
        if (value === 'super') marks.push(schema.marks['superscript']!.create());
        if (value === 'sub') marks.push(schema.marks['subscript']!.create());
        break;
      case 'color': {
        const color = parseCssColor(value);
        if (color) marks.push(schema.marks['color']!.create({ color }));
        break;
      }
      case 'background-color':
      case 'background':
        background = parseCssColor(value) ?? background;
        break;
      case 'text-align':
        align = readAlignment(value) ?? align;
        break;
      case 'font-family':
        family = readFontFamily(raw) ?? family;
        break;
      case 'font-size':
        size = readFontSize(value) ?? size;
        break;
    }
  }
  if (family !== null || size !== null) marks.push(schema.marks['font']!.create({ family, size }));
  return { marks, align, background };
}

function readFontFamily(value: string): string | null {
  for (const candidate of value.split(',')) {
    const name = candidate.trim().replace(/^["']|["']$/g, '').trim();
    if (name !== '' && !GENERIC_FAMILIES.has(name.toLowerCase())) return name;
  }
  return null;
}

// Absolute sizes only: pt as given, px at 96 to the inch (0.75 pt each); em, % and keywords depend on
// the surrounding size, which the model does not carry.
function readFontSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(pt|px)$/.exec(value);
  if (!match) return null;
  const number = parseFloat(match[1]!);
  const points = match[2] === 'pt' ? number : number * 0.75;
  return points > 0 && points <= 1638 ? Math.round(points * 2) / 2 : null;
}
