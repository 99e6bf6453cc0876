// Random edit sequences made in suggest mode and, on a copy, in edit mode: rejecting every change
// gives the original text back, accepting every change gives the text edit mode made.
import fc from 'fast-check';
import { Slice } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { doc, p } from '../../../src/model/builders.js';
import { unitPositions } from './accepted-units.js';
import { decidedTexts, paragraphTexts } from './suggest-views.js';

const SEED = 2127;
const RUNS = 200;

type Edit =
  | { kind: 'type'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; text: string }
  | { kind: 'backspace'; at: number }
  | { kind: 'enter'; at: number }
  | { kind: 'paste'; at: number; lines: [string, string] };

const fraction = fc.integer({ min: 0, max: 999 }).map((permille) => permille / 1000);
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'x', ' '), minLength: 1, maxLength: 4 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), at: fraction, text: word }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }), text: word }),
  fc.record({ kind: fc.constant('backspace' as const), at: fraction }),
  fc.record({ kind: fc.constant('enter' as const), at: fraction }),
  fc.record({ kind: fc.constant('paste' as const), at: fraction, lines: fc.tuple(word, word) }),
);

// The edit as the transaction the editor would make on `state`.
function transactionOf(state: EditorState, change: Edit): Transaction {
  const units = unitPositions(state.doc);
  const last = units.length - 1;
  const at = Math.floor(change.at * (last + 1));
  const select = (from: number, to = from) => state.tr.setSelection(TextSelection.create(state.doc, from, to));
  const span = (length: number) => [units[at]!, units[Math.min(last, at + length)]!] as const;
  switch (change.kind) {
    case 'type':
      return select(units[at]!).insertText(change.text);
    case 'delete':
      return select(...span(change.length)).deleteSelection();
    case 'replace':
      return select(...span(change.length)).insertText(change.text);
    case 'backspace':
      return at === 0 ? state.tr : select(units[at - 1]!, units[at]!).deleteSelection();
    case 'enter':
      return select(units[at]!).split(units[at]!);
    case 'paste': {
      const pasted = new Slice(doc(p(change.lines[0]), p(change.lines[1])).firstChild!.content, 1, 1);
      return select(units[at]!).replaceSelection(pasted);
    }
  }
}

describe('suggest mode over random edit sequences', () => {
  it('rejecting every change gives the original text back, and accepting every change the text the same edits make in edit mode', () => {
    let sequences = 0;
    let suggestedEdits = 0;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 8 }), { minLength: 1, maxLength: 4 }), fc.array(edit, { minLength: 1, maxLength: 12 }), (lines, edits) => {
        const original = doc(...lines.map((line) => p(line)));
        let ids = 0;
        const context: SuggestContext = { author: 'Ann', now: () => new Date(Date.UTC(2026, 10, 27)), newId: () => `s${++ids}` };
        let suggesting = EditorState.create({ doc: original });
        let editing = EditorState.create({ doc: original });
        for (const change of edits) {
          const raw = transactionOf(suggesting, change);
          const suggested = suggestTransaction(raw, suggesting, context);
          expect(suggested).not.toBeNull();
          suggesting = suggesting.apply(suggested!);
          editing = editing.apply(transactionOf(editing, change));
          suggestedEdits++;
          expect(decidedTexts(suggesting.doc, 'accepted')).toEqual(paragraphTexts(editing.doc));
          expect(decidedTexts(suggesting.doc, 'rejected')).toEqual(paragraphTexts(original));
        }
        sequences++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(sequences).toBe(RUNS);
    expect(suggestedEdits).toBeGreaterThan(RUNS);
  });
});
