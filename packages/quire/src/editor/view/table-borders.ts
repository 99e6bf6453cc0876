import type { BorderLine, Borders } from '../../model/nodes/table-nodes.js';

const CSS_STYLES: Readonly<Record<string, string>> = { single: 'solid', double: 'double', dashed: 'dashed', dotted: 'dotted', none: 'none' };

/** Returns a border line as a CSS `border` value (`0.5pt solid #000000`); `none` for a missing or invisible line. */
export function borderCss(line: BorderLine | undefined): string {
  if (!line || typeof line !== 'object') return 'none';
  const style = CSS_STYLES[line.style] ?? 'solid';
  if (style === 'none' || !(line.width > 0)) return 'none';
  const color = typeof line.color === 'string' && /^[0-9A-Fa-f]{6}$/.test(line.color) ? `#${line.color}` : '#000000';
  // A hairline under 0.75pt (one pixel) would vanish at some zoom levels; a double line needs three pixels.
  const width = style === 'double' ? Math.max(line.width * 3, 2.25) : Math.max(line.width, 0.75);
  return `${Math.min(width, 12)}pt ${style} ${color}`;
}

/** Word's Table Grid: what a writer gives a table without a style or borders (HTML and Markdown tables, new tables). */
const GRID_LINE: BorderLine = Object.freeze({ style: 'single', width: 0.5, color: '000000' });
export const GRID_BORDERS: Borders = Object.freeze({ top: GRID_LINE, right: GRID_LINE, bottom: GRID_LINE, left: GRID_LINE, insideH: GRID_LINE, insideV: GRID_LINE });

const SIDES = [
  ['top', 'top'],
  ['right', 'right'],
  ['bottom', 'bottom'],
  ['left', 'left'],
  ['insideH', 'inside-h'],
  ['insideV', 'inside-v'],
] as const;

/** Sets the `--quire-border-*` properties that style.css draws a table's outer and inside borders from. */
export function setTableBorders(element: HTMLElement, borders: Borders): void {
  for (const [side, name] of SIDES) element.style.setProperty(`--quire-border-${name}`, borderCss(borders[side]));
}

/** Sets a cell's own borders, which win over its table's. */
export function setCellBorders(element: HTMLElement, borders: Borders | null): void {
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const line = borders?.[side];
    if (line) element.style.setProperty(`border-${side}`, borderCss(line));
    else element.style.removeProperty(`border-${side}`);
  }
}
