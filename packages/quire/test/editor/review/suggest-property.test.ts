// Random edit sequences made in suggest mode and, on a copy, in edit mode: rejecting every change
// gives the original text back, accepting every change gives the text edit mode made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doc, p } from '../../../src/model/builders.js';
import { edit, suggestAndEditEach } from './random-edits.js';
import { decidedTexts, paragraphTexts } from './suggest-views.js';

const SEED = 2127;
const RUNS = 200;

describe('suggest mode over random edit sequences', () => {
  it('rejecting every change gives the original text back, and accepting every change the text the same edits make in edit mode', () => {
    let sequences = 0;
    let suggestedEdits = 0;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 8 }), { minLength: 1, maxLength: 4 }), fc.array(edit, { minLength: 1, maxLength: 12 }), (lines, edits) => {
        const original = doc(...lines.map((line) => p(line)));
        suggestedEdits += suggestAndEditEach(original, edits, (suggesting, editing) => {
          expect(decidedTexts(suggesting.doc, 'accepted')).toEqual(paragraphTexts(editing.doc));
          expect(decidedTexts(suggesting.doc, 'rejected')).toEqual(paragraphTexts(original));
        });
        sequences++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(sequences).toBe(RUNS);
    expect(suggestedEdits).toBeGreaterThan(RUNS);
  });
});
