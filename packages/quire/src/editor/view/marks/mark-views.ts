import type { Mark } from 'prosemirror-model';
import type { MarkViewConstructor } from 'prosemirror-view';
import { fontStack } from '../font-stack.js';

// The underline kinds of ECMA-376 Part 1, 17.18.99 (ST_Underline) as CSS text decorations.
const UNDERLINE_STYLES: Readonly<Record<string, string>> = {
  double: 'double',
  dotted: 'dotted',
  dottedHeavy: 'dotted',
  dash: 'dashed',
  dashedHeavy: 'dashed',
  dashLong: 'dashed',
  dashLongHeavy: 'dashed',
  dotDash: 'dashed',
  dotDotDash: 'dashed',
  wave: 'wavy',
  wavyHeavy: 'wavy',
  wavyDouble: 'wavy',
};

const HEX_COLOR = /^[0-9A-Fa-f]{6}$/;

/**
 * Marks whose look has a value (colour, highlight, font, capitals, underline kind) are drawn by
 * mark views that set their style through the CSSOM, so that they never depend on `style`
 * attributes, which a strict Content Security Policy blocks; the schema's `toDOM` stays as it is
 * for clipboard HTML. Links open in a new tab.
 */
export function createMarkViews(page: Document): Record<string, MarkViewConstructor> {
  const view = (tag: string, apply: (element: HTMLElement, mark: Mark) => void): MarkViewConstructor => (mark) => {
    const dom = page.createElement(tag);
    apply(dom, mark);
    return { dom };
  };
  return {
    color: view('span', (element, mark) => {
      const color = String(mark.attrs['color']);
      if (HEX_COLOR.test(color)) element.style.setProperty('color', `#${color}`);
    }),
    highlight: view('mark', (element, mark) => {
      const color = String(mark.attrs['color']);
      element.style.setProperty('background-color', HEX_COLOR.test(color) ? `#${color}` : '#FFFF00');
    }),
    font: view('span', (element, mark) => {
      const { family, size } = mark.attrs;
      if (typeof family === 'string' && family.trim() !== '') element.style.setProperty('font-family', fontStack(family));
      if (typeof size === 'number' && size > 0) element.style.setProperty('font-size', `${Math.min(size, 400)}pt`);
    }),
    caps: view('span', (element, mark) => {
      if (mark.attrs['variant'] === 'small') element.style.setProperty('font-variant', 'small-caps');
      else element.style.setProperty('text-transform', 'uppercase');
    }),
    // A link opens in a new tab (in view mode; editable text does not follow links), a bookmark
    // link (`#name`) stays in the page.
    link: view('a', (element, mark) => {
      const href = String(mark.attrs['href']);
      element.setAttribute('href', href);
      if (typeof mark.attrs['title'] === 'string') element.title = mark.attrs['title'];
      if (!href.startsWith('#')) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
    }),
    underline: view('u', (element, mark) => {
      const kind = String(mark.attrs['style']);
      const style = UNDERLINE_STYLES[kind];
      if (style) element.style.setProperty('text-decoration-style', style);
      if (/Heavy$|^thick$/.test(kind)) element.style.setProperty('text-decoration-thickness', '2px');
      if (kind === 'words') element.style.setProperty('text-decoration-skip-ink', 'auto');
    }),
  };
}
