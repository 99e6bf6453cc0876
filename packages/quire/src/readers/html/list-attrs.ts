import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';

const TYPE_ATTRIBUTE: ReadonlyMap<string, ListNumberFormat> = new Map([
  ['1', 'decimal'], ['a', 'lowerLetter'], ['A', 'upperLetter'], ['i', 'lowerRoman'], ['I', 'upperRoman'],
]);

const CSS_TYPES: ReadonlyMap<string, ListNumberFormat> = new Map([
  ['decimal', 'decimal'],
  ['lower-alpha', 'lowerLetter'],
  ['lower-latin', 'lowerLetter'],
  ['upper-alpha', 'upperLetter'],
  ['upper-latin', 'upperLetter'],
  ['lower-roman', 'lowerRoman'],
  ['upper-roman', 'upperRoman'],
]);

/**
 * Returns the attributes of an `ordered_list` for an `<ol>`: `start` from its attribute (a whole
 * number, else 1) and the number format from `type`, a `list-style(-type)` declaration or a class
 * named after a CSS list style (as pandoc writes them), else decimal.
 */
export function readOrderedListAttrs(attributes: Readonly<Record<string, string>>): { start: number; format: ListNumberFormat } {
  const startValue = Number.parseInt(attributes['start'] ?? '', 10);
  const start = Number.isSafeInteger(startValue) && startValue >= 0 && startValue < 1e6 ? startValue : 1;
  const type = attributes['type'];
  const fromType = type === undefined ? undefined : TYPE_ATTRIBUTE.get(type.trim());
  return { start, format: fromType ?? readCssFormat(attributes['style'] ?? '') ?? readClassFormat(attributes['class'] ?? '') ?? 'decimal' };
}

function readCssFormat(style: string): ListNumberFormat | undefined {
  const match = /list-style(?:-type)?\s*:\s*([a-z-]+)/i.exec(style);
  return match ? CSS_TYPES.get(match[1]!.toLowerCase()) : undefined;
}

function readClassFormat(classes: string): ListNumberFormat | undefined {
  for (const name of classes.split(/\s+/)) {
    const format = CSS_TYPES.get(name.toLowerCase());
    if (format) return format;
  }
  return undefined;
}
