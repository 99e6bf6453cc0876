// Random edit sequences made in suggest mode and, on a copy, in edit mode, decided with the
// editor's own accept all and reject all (decide-changes.ts): rejecting gives back the original
// document node for node, marks and attributes included, and accepting gives the document the
// same edits make in edit mode. Enter and Backspace at a paragraph's start run the editor's commands.
import fc from 'fast-check';
import { joinBackward } from 'prosemirror-commands';
import { Slice, type Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { splitParagraphKeepingLook } from '../../../src/editor/commands/split-paragraph.js';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { doc, p } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/schema.js';
import { unitPositions } from './accepted-units.js';

const SEED = 2128;
const RUNS = 300;

type Edit =
  | { kind: 'type'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; text: string }
  | { kind: 'paste'; at: number; lines: [string, string] }
  | { kind: 'enter'; at: number }
  | { kind: 'backspace'; at: number }
  | { kind: 'backspace-at-start'; paragraph: number };

const fraction = fc.integer({ min: 0, max: 999 }).map((permille) => permille / 1000);
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'x', ' '), minLength: 1, maxLength: 4 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), at: fraction, text: word }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }), text: word }),
  fc.record({ kind: fc.constant('paste' as const), at: fraction, lines: fc.tuple(word, word) }),
  fc.record({ kind: fc.constant('enter' as const), at: fraction }),
  fc.record({ kind: fc.constant('backspace' as const), at: fraction }),
  fc.record({ kind: fc.constant('backspace-at-start' as const), paragraph: fc.integer({ min: 1, max: 6 }) }),
);

// A paragraph of runs, some bold, some inserted or deleted by another author: edits cross
// formatting and earlier changes as they do in real documents. (Paragraph marks changed by another
// author are left out: Enter in edit mode gives both halves of such a paragraph its mark's change,
// where Word's new mark is a plain one, so edit mode is no reference there.)
const OTHER = { author: 'Bo', date: '2026-11-20T09:00:00Z', move: null };
const run = fc.record({
  text: fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), minLength: 1, maxLength: 5 }),
  bold: fc.boolean(),
  change: fc.constantFrom(null, null, 'insertion', 'deletion'),
});
const paragraph = fc.array(run, { maxLength: 3 });

function documentOf(paragraphs: ReadonlyArray<ReadonlyArray<{ text: string; bold: boolean; change: string | null }>>, withChanges: boolean): Node {
  let ids = 0;
  const runNode = ({ text, bold, change }: { text: string; bold: boolean; change: string | null }) => {
    const node = schema.text(text, bold ? [schema.marks['bold']!.create()] : []);
    return withChanges && change ? node.mark(schema.marks[change]!.create({ id: `bo${++ids}`, ...OTHER }).addToSet(node.marks)) : node;
  };
  return doc(...paragraphs.map((runs) => p(...runs.map(runNode))));
}

const plainDocument = fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((paragraphs) => documentOf(paragraphs, false));
const reviewedDocument = fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((paragraphs) => documentOf(paragraphs, true));

// Runs `command` with the selection from..to and returns its transaction, or null when it does not apply.
function commandTransaction(state: EditorState, command: Command, from: number, to = from): Transaction | null {
  const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
  let made: Transaction | null = null;
  command(selected, (tr) => (made = tr));
  if (!made) return null;
  // The command's steps, from the state the caller holds (only the selection differs).
  const tr = state.tr;
  for (const step of (made as Transaction).steps) tr.step(step);
  return tr;
}

// Where each paragraph of the accepted text starts: the first textblock, and each one after a
// textblock whose mark is not deleted (accepting joins the paragraphs of a deleted mark).
function acceptedParagraphStarts(document: Node): number[] {
  const starts: number[] = [];
  let joined = false;
  document.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (!joined) starts.push(pos + 1);
    joined = node.attrs['markChange']?.kind === 'deletion';
    return false;
  });
  return starts;
}

/**
 * The edit as the transaction the editor would make on `state`, placed by the units and the
 * paragraphs of the accepted text; null when it does not apply there.
 */
function transactionOf(state: EditorState, change: Edit): Transaction | null {
  const units = unitPositions(state.doc);
  const last = units.length - 1;
  const at = 'at' in change ? Math.floor(change.at * (last + 1)) : 0;
  // Typed text is plain in both documents: a caret after a deleted paragraph mark stands in the next
  // paragraph, in edit mode at the end of the joined one, and would take different formatting.
  const select = (from: number, to = from) => state.tr.setSelection(TextSelection.create(state.doc, from, to)).setStoredMarks([]);
  const span = (length: number) => [units[at]!, units[Math.min(last, at + length)]!] as const;
  switch (change.kind) {
    case 'type':
      return select(units[at]!).insertText(change.text);
    case 'delete':
      return select(...span(change.length)).deleteSelection();
    case 'replace':
      return select(...span(change.length)).insertText(change.text);
    case 'paste': {
      const pasted = new Slice(doc(p(change.lines[0]), p(change.lines[1])).firstChild!.content, 1, 1);
      return select(units[at]!).replaceSelection(pasted);
    }
    case 'enter':
      return commandTransaction(state, splitParagraphKeepingLook, units[at]!);
    case 'backspace':
      return at === 0 ? null : select(units[at - 1]!, units[at]!).deleteSelection();
    case 'backspace-at-start': {
      const start = acceptedParagraphStarts(state.doc)[change.paragraph];
      return start === undefined ? null : commandTransaction(state, joinBackward, start);
    }
  }
}

// The document with every change decided one way, or itself when it has none.
function decided(state: EditorState, decide: (state: EditorState) => Transaction | null): Node {
  const tr = decide(state);
  return tr ? state.apply(tr).doc : state.doc;
}

// Makes each edit in suggest mode on one copy and in edit mode on another, and after each one
// compares the decided documents; returns how many edits applied.
function suggestAndEdit(original: Node, edits: readonly Edit[]): number {
  let ids = 0;
  const context: SuggestContext = { author: 'Ann', now: () => new Date(Date.UTC(2026, 10, 27)), newId: () => `s${++ids}` };
  let suggesting = EditorState.create({ doc: original });
  let editing = EditorState.create({ doc: original });
  const rejectedOriginal = decided(suggesting, rejectAllChanges).toJSON();
  let applied = 0;
  for (const change of edits) {
    const raw = transactionOf(suggesting, change);
    const plain = transactionOf(editing, change);
    if (!raw || !plain) continue;
    const suggested = suggestTransaction(raw, suggesting, context);
    expect(suggested).not.toBeNull();
    suggesting = suggesting.apply(suggested!);
    editing = editing.apply(plain);
    expect(decided(suggesting, rejectAllChanges).toJSON()).toEqual(rejectedOriginal);
    expect(decided(suggesting, acceptAllChanges).toJSON()).toEqual(decided(editing, acceptAllChanges).toJSON());
    applied++;
  }
  return applied;
}

describe('suggest mode decided by the editor’s accept all and reject all', () => {
  it('rejecting all gives back the original document and accepting all the document the same edits make in edit mode, after every edit of random sequences', () => {
    let sequences = 0;
    let applied = 0;
    fc.assert(
      fc.property(plainDocument, fc.array(edit, { minLength: 1, maxLength: 10 }), (original, edits) => {
        applied += suggestAndEdit(original, edits);
        sequences++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(sequences).toBe(RUNS);
    expect(applied).toBeGreaterThan(RUNS);
  });

  it('on a document holding another author’s insertions and deletions, rejecting all gives what rejecting them gave, and accepting all what the same edits in edit mode give accepted', () => {
    let sequences = 0;
    let applied = 0;
    fc.assert(
      fc.property(reviewedDocument, fc.array(edit, { minLength: 1, maxLength: 10 }), (original, edits) => {
        applied += suggestAndEdit(original, edits);
        sequences++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(sequences).toBe(RUNS);
    expect(applied).toBeGreaterThan(RUNS);
  });
});
