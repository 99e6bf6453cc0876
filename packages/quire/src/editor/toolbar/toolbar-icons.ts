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
  if (name === 'numberedList') {
    for (const [index, y] of [4, 8, 12].entries()) {
      const digit = page.createElementNS(SVG, 'text');
      digit.setAttribute('x', '0.5');
      digit.setAttribute('y', String(y + 2));
      digit.setAttribute('font-size', '5');
      digit.setAttribute('fill', 'currentColor');
      digit.textContent = String(index + 1);
      svg.append(digit);
    }
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
