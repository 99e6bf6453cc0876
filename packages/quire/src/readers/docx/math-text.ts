import { XmlElement, XmlText } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';

// Structures nested deeper than this are read as their plain text: a hostile file could nest forever.
const MAX_DEPTH = 64;
// An operand with one of these (or a space) is put in parentheses in a fraction or a script.
const OPERATORS = /[\s+\-−±∓=≠<>≤≥×÷*/,;:|&→←↔⇒]/u;

/**
 * Returns an equation (`m:oMath`, `m:oMathPara`; ECMA-376 Part 1, 22.1) as linear text, close to
 * Word's linear format: text in order, fractions as `a/b`, scripts as `x^2` and `x_i`, roots as
 * `√x`, n-ary operators with their limits (`∑_(k=1)^n`), delimiters with their characters, and
 * the rows of equation arrays and matrices separated by `; `. `plainText` reads what is nested
 * too deep.
 */
export function readMathText(element: XmlElement, names: OoxmlNames, plainText: (element: XmlElement) => string): string {
  const read = (parent: XmlElement | undefined, depth: number): string => {
    if (!parent) return '';
    if (depth > MAX_DEPTH) return plainText(parent);
    let text = '';
    for (const child of names.children(parent)) text += readPiece(child, depth + 1);
    return text;
  };
  const part = (parent: XmlElement, name: string, depth: number): string => read(names.child(parent, name), depth);
  const property = (parent: XmlElement, properties: string, name: string): string | undefined => {
    const element = names.child(names.child(parent, properties) ?? parent, name);
    return element && names.name(element) === name ? (names.attr(element, 'm:val') ?? '') : undefined;
  };
  const readPiece = (element: XmlElement, depth: number): string => {
    const name = names.name(element);
    switch (name) {
      case 'm:t':
      case 'w:t':
        return element.children.map((node) => (node instanceof XmlText ? node.text : '')).join('');
      case 'm:f':
        return `${operand(part(element, 'm:num', depth))}/${operand(part(element, 'm:den', depth))}`;
      case 'm:sSup':
        return `${part(element, 'm:e', depth)}^${operand(part(element, 'm:sup', depth))}`;
      case 'm:sSub':
        return `${part(element, 'm:e', depth)}_${operand(part(element, 'm:sub', depth))}`;
      case 'm:sSubSup':
        return `${part(element, 'm:e', depth)}_${operand(part(element, 'm:sub', depth))}^${operand(part(element, 'm:sup', depth))}`;
      case 'm:sPre':
        return `_${operand(part(element, 'm:sub', depth))}^${operand(part(element, 'm:sup', depth))}${part(element, 'm:e', depth)}`;
      case 'm:rad': {
        const degree = part(element, 'm:deg', depth);
        return `${degree === '' ? '' : `(${degree})`}√${operand(part(element, 'm:e', depth))}`;
      }
      case 'm:nary': {
        const sub = part(element, 'm:sub', depth);
        const sup = part(element, 'm:sup', depth);
        const limits = (sub === '' ? '' : `_${operand(sub)}`) + (sup === '' ? '' : `^${operand(sup)}`);
        return `${property(element, 'm:naryPr', 'm:chr') || '∫'}${limits} ${part(element, 'm:e', depth)}`;
      }
      case 'm:d': {
        const begin = property(element, 'm:dPr', 'm:begChr') ?? '(';
        const end = property(element, 'm:dPr', 'm:endChr') ?? ')';
        const separator = property(element, 'm:dPr', 'm:sepChr') ?? '|';
        return `${begin}${names.childrenNamed(element, 'm:e').map((entry) => read(entry, depth)).join(separator)}${end}`;
      }
      case 'm:func':
        return `${part(element, 'm:fName', depth)} ${part(element, 'm:e', depth)}`;
      case 'm:limLow':
        return `${part(element, 'm:e', depth)}_${operand(part(element, 'm:lim', depth))}`;
      case 'm:limUpp':
        return `${part(element, 'm:e', depth)}^${operand(part(element, 'm:lim', depth))}`;
      case 'm:eqArr':
        // `&` in an array's rows marks where they align (22.1.2.34), not text.
        return names.childrenNamed(element, 'm:e').map((row) => read(row, depth).replace(/&/g, '')).join('; ');
      case 'm:m':
        return `[${names
          .childrenNamed(element, 'm:mr')
          .map((row) => names.childrenNamed(row, 'm:e').map((cell) => read(cell, depth)).join(', '))
          .join('; ')}]`;
      case 'm:oMath':
        // Equations of one m:oMathPara stand on lines of their own in Word: a space keeps them apart.
        return ` ${read(element, depth)} `;
      default:
        // Properties hold no text; every other element (runs, m:e, boxes, bars, accents) shows its content in order.
        return name.endsWith('Pr') ? '' : read(element, depth);
    }
  };
  return read(element, 0).replace(/\s+/g, ' ').trim();
}

function operand(text: string): string {
  return [...text].length > 1 && OPERATORS.test(text) ? `(${text})` : text;
}
