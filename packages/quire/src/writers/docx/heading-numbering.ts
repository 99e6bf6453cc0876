import { formatListNumber } from '../../model/format-list-number.js';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';
import type { LevelDefinition, NumberingAdditions } from './numbering-additions.js';

// WordprocessingML numbering has nine levels (ECMA-376 Part 1, 17.9.3); headings use the first six.
const LEVELS = 9;
const OUTLINE = 'heading-outline';
// A number in a heading's number text: digits, or a Roman numeral standing as a word of its own.
const NUMBER_TOKEN = /\d+|\b[IVXLCDM]+\b|\b[ivxlcdm]+\b/g;

interface OutlineLevel {
  /** `w:lvlText`, e.g. `Chapter %1` or `%1.%2`. */
  readonly text: string;
  readonly format: ListNumberFormat;
  readonly start: number;
}

interface ParsedNumber {
  readonly text: string;
  readonly formats: readonly ListNumberFormat[];
  readonly values: readonly number[];
}

/**
 * Writes the numbers of numbered headings (the model's `heading.number`, `2.1`, `Chapter 1`,
 * `Article I.`) as Word numbering, the way Word numbers headings: one outline definition whose
 * level per heading level is learnt from the first heading numbered at that level (its text
 * with each number replaced by the level it counts, `%1.%2`). Word counts those levels itself,
 * each restarting after a heading above it, so each heading's number is checked against the one
 * Word will count; a heading whose number the outline would not give (a skipped or repeated
 * number, another pattern) gets a level of its own that shows its number as literal text.
 */
export class HeadingNumbering {
  private readonly outline = new Map<number, OutlineLevel>();
  private readonly counters: (number | undefined)[] = [];
  private literals = 0;

  constructor(private readonly numbering: NumberingAdditions) {}

  /** Returns the numbering (`w:numId`, `w:ilvl`) of a heading of `level` (1-based) that shows `number`, in document order. */
  numberHeading(level: number, number: string): { numId: string; level: number } {
    const index = Math.min(Math.max(level, 1), LEVELS) - 1;
    const parsed = parseNumber(number, index);
    const own = parsed ? { text: parsed.text, format: parsed.formats.at(-1)!, start: parsed.values.at(-1)! } : null;
    const known = this.outline.get(index);
    if (own && (!known || known.text === own.text) && (known?.format ?? own.format) === own.format) {
      const counted = this.countedNumber(index, known ?? own);
      if (counted === number) {
        if (!known) this.outline.set(index, own);
        this.count(index, known ?? own);
        return { numId: this.defineOutline(), level: index };
      }
    }
    return this.literal(number);
  }

  // The number Word would show for the next heading at `index` with the outline's levels.
  private countedNumber(index: number, level: OutlineLevel): string {
    const value = (this.counters[index] ?? level.start - 1) + 1;
    return level.text.replace(/%(\d)/g, (_match, digit: string) => {
      const at = Number(digit) - 1;
      if (at === index) return formatListNumber(value, level.format);
      const upper = this.outline.get(at);
      return formatListNumber(this.counters[at] ?? upper?.start ?? 1, upper?.format ?? 'decimal');
    });
  }

  private count(index: number, level: OutlineLevel): void {
    this.counters[index] = (this.counters[index] ?? level.start - 1) + 1;
    // A level restarts after a heading above it (`w:lvlRestart` absent, ECMA-376 Part 1, 17.9.10).
    this.counters.length = index + 1;
  }

  // The levels are read when the document is assembled, after every heading was numbered.
  private defineOutline(): string {
    return this.numbering.define(OUTLINE, (level) => {
      const look = this.outline.get(level);
      return headingLevel(look?.text ?? '', look?.format ?? 'decimal', look?.start ?? 1);
    });
  }

  private literal(number: string): { numId: string; level: number } {
    this.literals += 1;
    const text = number.replace(/%/g, '');
    return { numId: this.numbering.define(`heading-text-${this.literals}`, () => headingLevel(text, 'decimal', 1)), level: 0 };
  }
}

// Numbers in the text count the levels that end at the heading's own: `2.1` at level 2 is `%1.%2`.
function parseNumber(number: string, index: number): ParsedNumber | null {
  if (number.includes('%')) return null;
  const tokens = [...number.matchAll(NUMBER_TOKEN)];
  if (tokens.length === 0 || tokens.length > index + 1) return null;
  const first = index + 1 - tokens.length;
  let text = '';
  let last = 0;
  const formats: ListNumberFormat[] = [];
  const values: number[] = [];
  tokens.forEach((token, position) => {
    const format = formatOf(token[0]);
    formats.push(format);
    values.push(valueOf(token[0], format));
    text += `${number.slice(last, token.index)}%${first + position + 1}`;
    last = token.index + token[0].length;
  });
  return { text: text + number.slice(last), formats, values };
}

function formatOf(token: string): ListNumberFormat {
  if (/^\d+$/.test(token)) return token.length > 1 && token.startsWith('0') ? 'decimalZero' : 'decimal';
  return token === token.toUpperCase() ? 'upperRoman' : 'lowerRoman';
}

const ROMAN_VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function valueOf(token: string, format: ListNumberFormat): number {
  if (format === 'decimal' || format === 'decimalZero') return Number(token);
  const digits = [...token.toLowerCase()].map((char) => ROMAN_VALUES[char] ?? 0);
  return digits.reduce((sum, digit, index) => sum + (digit < (digits[index + 1] ?? 0) ? -digit : digit), 0);
}

// A space follows the number, as the PDF writer and the editor show it; the heading keeps its style's indent.
function headingLevel(text: string, format: ListNumberFormat, start: number): LevelDefinition {
  return { format, text, start, indented: false, suffix: 'space' };
}
