import { formatListNumber } from '../../model/format-list-number.js';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';
import type { NumberSurroundings } from './list-item-placement.js';
import type { NumberingLevel } from './read-numbering.js';

// ST_NumberFormat values the model has; the many others (ordinal, cardinalText, chineseCounting...)
// are shown as decimal numbers.
const FORMATS: Readonly<Record<string, ListNumberFormat>> = {
  decimal: 'decimal',
  decimalZero: 'decimalZero',
  lowerLetter: 'lowerLetter',
  upperLetter: 'upperLetter',
  lowerRoman: 'lowerRoman',
  upperRoman: 'upperRoman',
};

/** Returns the model's number format for a level's `w:numFmt`; formats the model lacks are decimal. */
export function toListNumberFormat(format: string): ListNumberFormat {
  return FORMATS[format] ?? 'decimal';
}

/**
 * Returns the number a numbered paragraph shows: its level's text (`w:lvlText`, ECMA-376 Part 1,
 * 17.9.11) with each `%N` replaced by the current number of level N - 1, written in that level's
 * format, or in decimal when the level asks for legal numbering (`w:isLgl`, 17.9.4).
 * `numbers[level]` is the current number of each level; `levelOf` gives each level's definition.
 */
export function expandLevelText(definition: NumberingLevel, numbers: readonly (number | undefined)[], levelOf: (level: number) => NumberingLevel | undefined): string {
  return definition.text.replace(/%([1-9])/g, (_placeholder, digit: string) => {
    const level = Number(digit) - 1;
    const source = levelOf(level);
    // A level not used yet shows its start value, as Word does.
    const number = numbers[level] ?? source?.start ?? 0;
    return formatListNumber(number, definition.legal ? 'decimal' : toListNumberFormat(source?.format ?? 'decimal'));
  });
}

/**
 * Returns the text a level shows before and after the paragraph's own number (`%N` of its own
 * level), with the numbers of the other levels filled in: `Article %1.` is `Article ` and `.`,
 * `%1.%2` at the second level under item 3 is `3.` and nothing. Undefined when the level text
 * does not show the paragraph's own number.
 */
export function splitLevelText(
  definition: NumberingLevel,
  level: number,
  numbers: readonly (number | undefined)[],
  levelOf: (level: number) => NumberingLevel | undefined,
): NumberSurroundings | undefined {
  const own = definition.text.indexOf(`%${level + 1}`);
  if (own < 0) return undefined;
  const expand = (text: string) => expandLevelText({ ...definition, text }, numbers, levelOf);
  return { prefix: expand(definition.text.slice(0, own)), suffix: expand(definition.text.slice(own + 2)) };
}
