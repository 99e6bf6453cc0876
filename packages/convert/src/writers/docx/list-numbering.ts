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
  | { readonly kind: 'ordered'; readonly format: ListNumberFormat; readonly start: number };

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
  private readonly configs = new Map<string, ILevelsOptions[]>();
  private nextInstance = 1;

  /** Returns the numbering of a new list of `list` kind at nesting `level` (0-based, capped at 8). */
  startList(list: ListKind, level: number): ListNumberingRef {
    const reference = list.kind === 'bullet' ? this.defineBullet(list.marker) : this.defineOrdered(list.format, list.start);
    return { reference, level: Math.min(level, LEVELS - 1), instance: this.nextInstance++ };
  }

  /** Returns the numbering that shows a task box for one item at `level`. */
  taskItem(state: TaskState, level: number): ListNumberingRef {
    const reference = this.define(`quire-task-${state}`, () => levels(() => TASK_GLYPHS[state], LevelFormat.BULLET));
    return { reference, level: Math.min(level, LEVELS - 1), instance: 0 };
  }

  /** The numbering definitions to give the docx `Document`. */
  toOptions(): INumberingOptions {
    return { config: [...this.configs].map(([reference, levelOptions]) => ({ reference, levels: levelOptions })) };
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

  private defineOrdered(format: ListNumberFormat, start: number): string {
    return this.define(`quire-${format}-${start}`, () => levels((level) => `%${level + 1}.`, format, start));
  }

  private define(reference: string, create: () => ILevelsOptions[]): string {
    if (!this.configs.has(reference)) this.configs.set(reference, create());
    return reference;
  }
}
