import { AlignmentType, LevelFormat } from 'docx';
import type { ILevelsOptions, INumberingOptions } from 'docx';
import type { ListNumberFormat } from 'quire/model';
import { removeInvalidXmlCharacters } from './xml-text.js';

/** What a numbered paragraph refers to: a numbering definition, its level and its list instance. */
export interface ListNumberingRef {
  readonly reference: string;
  readonly level: number;
  readonly instance: number;
}

/** The list a paragraph is in, as the block writer passes it down. */
export type ListKind =
  | { readonly kind: 'bullet'; readonly marker: string | null }
  | {
      readonly kind: 'ordered';
      readonly format: ListNumberFormat;
      readonly start: number;
      /** The text before and after each number (`Article `, `.`), as the model's list has it. */
      readonly prefix: string;
      readonly suffix: string;
    };

/** Task list states, shown with a box glyph in place of the bullet. */
export type TaskState = 'checked' | 'unchecked';

// WordprocessingML allows nine levels, 0 to 8 (ECMA-376 Part 1, 17.9.3 ilvl).
const LEVELS = 9;
const BULLETS = ['•', '◦', '▪'] as const;
const TASK_GLYPHS: Record<TaskState, string> = { checked: '☒', unchecked: '☐' };

/** Left indent in twips of list level `level` (0-based): half an inch per level, as Word does. */
export function listIndent(level: number): number {
  return 720 * (Math.min(level, LEVELS - 1) + 1);
}

function levels(textAt: (level: number) => string, format: (typeof LevelFormat)[keyof typeof LevelFormat], start = 1): ILevelsOptions[] {
  return Array.from({ length: LEVELS }, (_, level) => ({
    level,
    format,
    text: textAt(level),
    start,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: listIndent(level), hanging: 360 } } },
  }));
}

/**
 * Allocates the numbering of a written document. Each list gets its own numbering instance (so
 * every ordered list counts from its own start), and lists share one abstract definition per
 * kind, number format and start value. Nesting depth becomes the level (`w:ilvl`).
 */
export class ListNumbering {
  private readonly configs = new Map<string, () => ILevelsOptions[]>();
  private nextInstance = 1;
  // References go into the XML through the docx library's placeholders: they name the text around numbers by a number.
  private readonly looks = new Map<string, number>();

  /** Returns the numbering of a new list of `list` kind at nesting `level` (0-based, capped at 8). */
  startList(list: ListKind, level: number): ListNumberingRef {
    const reference = list.kind === 'bullet' ? this.defineBullet(list.marker) : this.defineOrdered(list);
    return { reference, level: Math.min(level, LEVELS - 1), instance: this.nextInstance++ };
  }

  /** Returns the numbering that shows a task box for one item at `level`. */
  taskItem(state: TaskState, level: number): ListNumberingRef {
    const reference = this.define(`quire-task-${state}`, () => levels(() => TASK_GLYPHS[state], LevelFormat.BULLET));
    return { reference, level: Math.min(level, LEVELS - 1), instance: 0 };
  }

  /** The numbering definitions to give the docx `Document`. */
  toOptions(): INumberingOptions {
    return { config: [...this.configs].map(([reference, create]) => ({ reference, levels: create() })) };
  }

  // A list's own marker is one character (a code point) at every level; without one the bullet
  // changes with the level, as Word's default bullet list does.
  private defineBullet(marker: string | null): string {
    const glyph = marker === null ? undefined : [...removeInvalidXmlCharacters(marker).trim()][0];
    if (glyph === undefined) {
      return this.define('quire-bullet', () => levels((level) => BULLETS[level % 3]!, LevelFormat.BULLET));
    }
    return this.define(`quire-bullet-${glyph.codePointAt(0)!.toString(16)}`, () => levels(() => glyph, LevelFormat.BULLET));
  }

  // The number's own text stands between the list's prefix and suffix (`Article %1.`, `(%1)`), at
  // every level, since a definition is shared by the lists with the same look at any depth.
  private defineOrdered(list: Extract<ListKind, { kind: 'ordered' }>): string {
    const prefix = levelTextPart(list.prefix);
    const suffix = levelTextPart(list.suffix);
    const look = prefix === '' && suffix === '.' ? '' : `-text${this.lookNumber(`${prefix}\u0000${suffix}`)}`;
    return this.define(`quire-${list.format}-${list.start}${look}`, () => levels((level) => `${prefix}%${level + 1}${suffix}`, list.format, list.start));
  }

  private lookNumber(look: string): number {
    let number = this.looks.get(look);
    if (number === undefined) {
      number = this.looks.size + 1;
      this.looks.set(look, number);
    }
    return number;
  }

  /**
   * Adds a definition under `reference` unless it exists, and returns the reference; `create`
   * gives its levels when the document is assembled (see `toOptions`).
   */
  define(reference: string, create: () => ILevelsOptions[]): string {
    if (!this.configs.has(reference)) this.configs.set(reference, create);
    return reference;
  }
}

// Text around a number in `w:lvlText` (ECMA-376 Part 1, 17.9.11): a `%` followed by a digit would
// be read as a placeholder, so a literal percent sign is dropped.
function levelTextPart(text: string): string {
  return removeInvalidXmlCharacters(text).replace(/%/g, '');
}
