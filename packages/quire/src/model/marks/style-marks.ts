import type { MarkSpec } from 'prosemirror-model';

/** Character formatting with a value: text colour, highlight (background) colour, font and capitals. */
export const styleMarks: Record<string, MarkSpec> = {
  /**
   * Text shown in capital letters (`w:caps`, ECMA-376 Part 1, 17.3.2.5) or in small capitals
   * (`w:smallCaps`, 17.3.2.33): a display form only, the text keeps its case.
   */
  caps: {
    attrs: { variant: { default: 'all', validate: 'string' } },
    toDOM: (mark) => ['span', { style: mark.attrs['variant'] === 'small' ? 'font-variant: small-caps' : 'text-transform: uppercase' }, 0],
    parseDOM: [
      { style: 'text-transform=uppercase', getAttrs: () => ({ variant: 'all' }) },
      { style: 'font-variant=small-caps', getAttrs: () => ({ variant: 'small' }) },
    ],
  },
  color: {
    attrs: { color: { validate: 'string' } },
    toDOM: (mark) => ['span', { style: `color: #${String(mark.attrs['color'])}` }, 0],
  },
  highlight: {
    attrs: { color: { default: 'FFFF00', validate: 'string' } },
    toDOM: (mark) => ['mark', { style: `background-color: #${String(mark.attrs['color'])}` }, 0],
    parseDOM: [{ tag: 'mark' }],
  },
  font: {
    attrs: {
      /** Font family name, e.g. `Calibri`; `null` keeps the style's font. */
      family: { default: null, validate: 'string|null' },
      /** Font size in points; `null` keeps the style's size. */
      size: { default: null, validate: 'number|null' },
    },
    toDOM: (mark) => {
      const declarations: string[] = [];
      if (mark.attrs['family'] !== null) declarations.push(`font-family: ${JSON.stringify(mark.attrs['family'])}`);
      if (mark.attrs['size'] !== null) declarations.push(`font-size: ${String(mark.attrs['size'])}pt`);
      return ['span', { style: declarations.join('; ') }, 0];
    },
  },
};
