// Random edit sequences made in suggest mode and, on a copy, in edit mode, decided with the
// editor's own accept all and reject all (decide-changes.ts): rejecting gives back the original
// document node for node, marks and attributes included, and accepting gives the document the
// same edits make in edit mode. Enter, Backspace at a paragraph's start and Delete at its end run the editor's commands.
import fc from 'fast-check';
import type { Node } from 'prosemirror-model';
import { EditorState, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { doc, p } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/schema.js';
import { edit, suggestAndEditEach, type Edit } from './random-edits.js';

const SEED = 2128;
const RUNS = 200;

// A paragraph of runs, some bold, some inserted or deleted by another author, and its mark deleted
// by that author or not: edits cross formatting and earlier changes as they do in real documents.
const OTHER = { author: 'Bo', date: '2026-11-20T09:00:00Z', move: null };
const run = fc.record({
  text: fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), minLength: 1, maxLength: 5 }),
  bold: fc.boolean(),
  change: fc.constantFrom(null, null, 'insertion', 'deletion'),
});
const paragraph = fc.record({ runs: fc.array(run, { maxLength: 3 }), markDeleted: fc.boolean() });
type Paragraph = { runs: ReadonlyArray<{ text: string; bold: boolean; change: string | null }>; markDeleted: boolean };

function documentOf(paragraphs: readonly Paragraph[], changes: 'none' | 'text' | 'text and marks'): Node {
  let ids = 0;
  const runNode = ({ text, bold, change }: Paragraph['runs'][number]) => {
    const node = schema.text(text, bold ? [schema.marks['bold']!.create()] : []);
    return changes !== 'none' && change ? node.mark(schema.marks[change]!.create({ id: `bo${++ids}`, ...OTHER }).addToSet(node.marks)) : node;
  };
  // The last paragraph's mark has no paragraph after it to join.
  const markChange = (deleted: boolean, index: number) =>
    changes === 'text and marks' && deleted && index < paragraphs.length - 1 ? { kind: 'deletion', id: `bo${++ids}`, author: OTHER.author, date: OTHER.date } : null;
  return doc(...paragraphs.map(({ runs, markDeleted }, index) => p({ markChange: markChange(markDeleted, index) }, ...runs.map(runNode))));
}

const documents = (changes: Parameters<typeof documentOf>[1]) => fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((paragraphs) => documentOf(paragraphs, changes));

// The document with every change decided one way, or itself when it has none.
function decided(state: EditorState, decide: (state: EditorState) => Transaction | null): Node {
  const tr = decide(state);
  return tr ? state.apply(tr).doc : state.doc;
}

// Makes each edit in suggest mode on one copy and in edit mode on another, and after each one
// compares the decided documents (the accepted ones if `accepted`); returns how many edits applied.
function suggestAndEdit(original: Node, edits: readonly Edit[], accepted: boolean): number {
  const rejectedOriginal = decided(EditorState.create({ doc: original }), rejectAllChanges).toJSON();
  return suggestAndEditEach(original, edits, (suggesting, editing) => {
    expect(decided(suggesting, rejectAllChanges).toJSON()).toEqual(rejectedOriginal);
    if (accepted) expect(decided(suggesting, acceptAllChanges).toJSON()).toEqual(decided(editing, acceptAllChanges).toJSON());
  });
}

// Runs the property on RUNS documents of `documents` with up to ten edits each; every sequence
// must run, and more edits apply than there are sequences.
function checkSequences(documents: fc.Arbitrary<Node>, accepted = true): void {
  let sequences = 0;
  let applied = 0;
  fc.assert(
    fc.property(documents, fc.array(edit, { minLength: 1, maxLength: 10 }), (original, edits) => {
      applied += suggestAndEdit(original, edits, accepted);
      sequences++;
    }),
    { numRuns: RUNS, seed: SEED },
  );
  expect(sequences).toBe(RUNS);
  expect(applied).toBeGreaterThan(RUNS);
}

describe('suggest mode decided by the editor’s accept all and reject all', () => {
  it('rejecting all gives back the original document and accepting all the document the same edits make in edit mode, after every edit of random sequences', () => {
    checkSequences(documents('none'));
  });

  it('on a document holding another author’s insertions and deletions, rejecting all gives what rejecting them gave, and accepting all what the same edits in edit mode give accepted', () => {
    checkSequences(documents('text'));
  });

  // Not against edit mode here: Enter there gives both halves of a paragraph its mark's change,
  // where Word's new mark is a plain one (editor/commands/split-paragraph.ts).
  it('on a document whose paragraph marks another author deleted, rejecting all gives what rejecting them gave', () => {
    checkSequences(documents('text and marks'), false);
  });
});
