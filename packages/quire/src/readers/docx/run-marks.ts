import type { Mark } from 'prosemirror-model';
import { schema } from '../../model/schema.js';
import type { ResolvedRun } from './style-resolver.js';

/** What a run carries besides its formatting: inline code and the link it is part of. */
export interface RunExtras {
  readonly code: boolean;
  readonly href: string | null;
}

/**
 * Makes the model marks of runs and caches them, so that the many runs of a document with the
 * same formatting share their mark sets. Marks state how a run differs from its paragraph's
 * baseline (see `readParagraph`), so text in the usual font carries no font mark.
 */
export class RunMarks {
  private readonly cache = new Map<string, readonly Mark[]>();

  /** Returns the marks of a run formatted `run` in a paragraph whose baseline is `baseline`. */
  marksOf(run: ResolvedRun, baseline: ResolvedRun, extras: RunExtras): readonly Mark[] {
    const specs: [string, Record<string, unknown> | null][] = [];
    if (extras.href !== null) specs.push(['link', { href: extras.href }]);
    if (run.bold && !baseline.bold) specs.push(['bold', null]);
    if (run.italic && !baseline.italic) specs.push(['italic', null]);
    if (run.underline !== null && run.underline !== baseline.underline) specs.push(['underline', { style: run.underline }]);
    if (run.strike && !baseline.strike) specs.push(['strike', null]);
    // Capitals have no paragraph-level form in the model, so a run carries them even when its paragraph's baseline has them.
    if (run.caps) specs.push(['caps', { variant: 'all' }]);
    else if (run.smallCaps) specs.push(['caps', { variant: 'small' }]);
    if (extras.code) specs.push(['code', null]);
    if (run.verticalAlign !== null && run.verticalAlign !== baseline.verticalAlign) specs.push([run.verticalAlign, null]);
    if (run.color !== null && run.color !== baseline.color) specs.push(['color', { color: run.color }]);
    if (run.highlight !== null && run.highlight !== baseline.highlight) specs.push(['highlight', { color: run.highlight }]);
    const family = run.family !== null && run.family !== baseline.family ? run.family : null;
    const size = run.size !== null && run.size !== baseline.size ? run.size : null;
    if (family !== null || size !== null) specs.push(['font', { family, size }]);
    const key = JSON.stringify(specs);
    let marks = this.cache.get(key);
    if (!marks) {
      let set: readonly Mark[] = [];
      for (const [name, attrs] of specs) set = schema.marks[name]!.create(attrs).addToSet(set);
      marks = set;
      this.cache.set(key, marks);
    }
    return marks;
  }
}
