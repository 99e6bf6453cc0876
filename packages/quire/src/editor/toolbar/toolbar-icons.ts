const SVG = 'http://www.w3.org/2000/svg';

/** Horizontal strokes of an icon: [x, y, width], on a 16 × 16 grid. */
type Strokes = readonly (readonly [number, number, number])[];

const ICONS: Readonly<Record<string, Strokes>> = {
  alignLeft: [[2, 3, 12], [2, 6.5, 8], [2, 10, 12], [2, 13.5, 8]],
  alignCenter: [[2, 3, 12], [4, 6.5, 8], [2, 10, 12], [4, 13.5, 8]],
  alignRight: [[2, 3, 12], [6, 6.5, 8], [2, 10, 12], [6, 13.5, 8]],
  alignJustify: [[2, 3, 12], [2, 6.5, 12], [2, 10, 12], [2, 13.5, 12]],
  bulletList: [[1.5, 4, 1.5], [5, 4, 9.5], [1.5, 8, 1.5], [5, 8, 9.5], [1.5, 12, 1.5], [5, 12, 9.5]],
  numberedList: [[5, 4, 9.5], [5, 8, 9.5], [5, 12, 9.5]],
  indent: [[2, 3, 12], [7, 6.5, 7], [7, 10, 7], [2, 13.5, 12]],
  outdent: [[2, 3, 12], [7, 6.5, 7], [7, 10, 7], [2, 13.5, 12]],
};

const ARROWS: Readonly<Record<string, string>> = { indent: 'M2 5.5 L5 8.25 L2 11 Z', outdent: 'M5 5.5 L2 8.25 L5 11 Z' };

// 1, 2 and 3 drawn as strokes, not SVG text: text would count as the button's visible label,
// which its accessible name ("Numbered list") must contain (WCAG 2.5.3, label in name).
const DIGITS: Readonly<Record<string, string>> = {
  numberedList: 'M1.3 3.1 L2.4 2.4 V5.6 M1 7.1 Q1.4 6.4 2.2 6.4 Q3.2 6.5 3.1 7.4 Q2.9 8.1 1 9.6 H3.3 M1 10.4 H3.1 L2 11.7 Q3.3 11.7 3.3 12.6 Q3.2 13.6 2.1 13.6 Q1.4 13.6 1 13.2',
};

/**
 * Returns a small line-drawing icon as an SVG element built through the DOM (no markup, no inline
 * styles), hidden from assistive technology: buttons carry their names as text.
 */
export function createIcon(page: Document, name: string): SVGSVGElement {
  const svg = page.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const [x, y, width] of ICONS[name] ?? []) {
    const line = page.createElementNS(SVG, 'rect');
    line.setAttribute('x', String(x));
    line.setAttribute('y', String(y - 0.75));
    line.setAttribute('width', String(width));
    line.setAttribute('height', '1.5');
    line.setAttribute('fill', 'currentColor');
    svg.append(line);
  }
  const digits = DIGITS[name];
  if (digits) {
    const path = page.createElementNS(SVG, 'path');
    path.setAttribute('d', digits);
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '0.9');
    svg.append(path);
  }
  const arrow = ARROWS[name];
  if (arrow) {
    const path = page.createElementNS(SVG, 'path');
    path.setAttribute('d', arrow);
    path.setAttribute('fill', 'currentColor');
    svg.append(path);
  }
  return svg;
}
