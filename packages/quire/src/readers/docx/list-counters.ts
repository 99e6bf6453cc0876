import type { ResolvedNumbering } from './read-numbering.js';

/** A function returning the definition of `level` in the abstract numbering of a list, if any. */
export type LevelLookup = (level: number) => { readonly start: number; readonly restartAfter: number | undefined } | undefined;

interface ListState {
  /** The last number shown at each level, or undefined when the level starts afresh. */
  readonly values: (number | undefined)[];
  /** Where a level starts afresh when a `w:startOverride` says otherwise. */
  readonly starts: (number | undefined)[];
}

/**
 * Counts Word's numbered paragraphs through the whole document. Instances of one abstract
 * definition share their counters, so a list split over several `w:num` instances keeps counting
 * (as Word does) unless an instance overrides the start of a level, which restarts it at the
 * instance's first paragraph. Using a level restarts the levels below it, unless their
 * `w:lvlRestart` says otherwise (ECMA-376 Part 1, 17.9.10).
 */
export class ListCounters {
  private readonly lists = new Map<string, ListState>();
  private readonly usedInstances = new Set<string>();

  /** Returns the number the paragraph numbered by `numbering` shows, and counts it. */
  next(numbering: ResolvedNumbering, levelOf: LevelLookup): number {
    let state = this.lists.get(numbering.abstractId);
    if (!state) {
      state = { values: [], starts: [] };
      this.lists.set(numbering.abstractId, state);
    }
    if (!this.usedInstances.has(numbering.numId)) {
      this.usedInstances.add(numbering.numId);
      if (numbering.startOverride !== undefined) {
        state.values[numbering.level] = undefined;
        state.starts[numbering.level] = numbering.startOverride;
      }
    }
    const { level } = numbering;
    const previous = state.values[level];
    const value = previous === undefined ? (state.starts[level] ?? numbering.definition.start) : previous + 1;
    state.values[level] = value;
    for (let deeper = level + 1; deeper < state.values.length; deeper++) {
      const restartAfter = levelOf(deeper)?.restartAfter;
      // lvlRestart counts levels from 1: `1` restarts after the first level (ilvl 0); 0 never restarts.
      if (restartAfter === undefined || (restartAfter !== 0 && level < restartAfter)) state.values[deeper] = undefined;
    }
    return value;
  }

  /** Returns the current number of each level of the list `numbering` belongs to, undefined where a level starts afresh. */
  numbers(numbering: ResolvedNumbering): readonly (number | undefined)[] {
    return this.lists.get(numbering.abstractId)?.values ?? [];
  }
}
