import { HighlightColor, ShadingType } from 'docx';
import type { IRunOptions } from 'docx';
import type { Mark } from 'prosemirror-model';
import { STYLE_IDS } from './docx-styles.js';

type MutableRunOptions = { -readonly [K in keyof IRunOptions]: IRunOptions[K] };

// Word's highlight colours are a fixed palette (ECMA-376 Part 1, 17.18.40 ST_HighlightColor); any
// other background colour is written as run shading instead.
const HIGHLIGHTS: ReadonlyMap<string, (typeof HighlightColor)[keyof typeof HighlightColor]> = new Map([
  ['FFFF00', HighlightColor.YELLOW],
  ['00FF00', HighlightColor.GREEN],
  ['00FFFF', HighlightColor.CYAN],
  ['FF00FF', HighlightColor.MAGENTA],
  ['0000FF', HighlightColor.BLUE],
  ['FF0000', HighlightColor.RED],
  ['000080', HighlightColor.DARK_BLUE],
  ['008080', HighlightColor.DARK_CYAN],
  ['008000', HighlightColor.DARK_GREEN],
  ['800080', HighlightColor.DARK_MAGENTA],
  ['800000', HighlightColor.DARK_RED],
  ['808000', HighlightColor.DARK_YELLOW],
  ['808080', HighlightColor.DARK_GRAY],
  ['C0C0C0', HighlightColor.LIGHT_GRAY],
  ['000000', HighlightColor.BLACK],
]);

/**
 * Returns the run properties for a text's marks. Code uses the Verbatim Char style and links the
 * Hyperlink style, so that those stay styles in Word; the other marks are direct formatting.
 */
export function readRunProperties(marks: readonly Mark[]): MutableRunOptions {
  const run: MutableRunOptions = {};
  for (const mark of marks) {
    const attrs = mark.attrs as Record<string, unknown>;
    switch (mark.type.name) {
      case 'bold':
        run.bold = true;
        break;
      case 'italic':
        run.italics = true;
        break;
      case 'underline':
        run.underline = { type: String(attrs['style'] ?? 'single') as 'single' };
        break;
      case 'strike':
        run.strike = true;
        break;
      case 'caps':
        if (attrs['variant'] === 'small') run.smallCaps = true;
        else run.allCaps = true;
        break;
      case 'superscript':
        run.superScript = true;
        break;
      case 'subscript':
        run.subScript = true;
        break;
      case 'code':
        run.style = STYLE_IDS.verbatimChar;
        break;
      case 'link':
        run.style ??= STYLE_IDS.hyperlink;
        break;
      case 'color':
        if (isHexColor(attrs['color'])) run.color = attrs['color'];
        break;
      case 'highlight':
        if (isHexColor(attrs['color'])) {
          const named = HIGHLIGHTS.get(attrs['color'].toUpperCase());
          if (named) run.highlight = named;
          else run.shading = { type: ShadingType.CLEAR, color: 'auto', fill: attrs['color'] };
        }
        break;
      case 'font':
        if (typeof attrs['family'] === 'string') run.font = attrs['family'];
        // w:sz is in half-points (ECMA-376 Part 1, 17.3.2.38).
        if (typeof attrs['size'] === 'number') run.size = Math.round(attrs['size'] * 2);
        break;
    }
  }
  return run;
}

function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9A-Fa-f]{6}$/.test(value);
}
