import type { Node } from 'prosemirror-model';
import { history, undo } from 'prosemirror-history';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, acceptChange, acceptChangesInSelection, rejectAllChanges, rejectChange, rejectChangesInSelection, REVIEW_DECISION_META } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { b, commented, del, doc, ins, p, table, td, tr } from '../../../src/model/builders.js';
import { extractText } from '../../../src/model/extract-text.js';
import type { StructureChange } from '../../../src/model/marks/review-marks.js';

const ann = (id: string, move: string | null = null) => ({ id, author: 'Ann', date: '2025-01-02T03:04:05Z', move });
const markChange = (kind: StructureChange['kind'], id: string): StructureChange => ({ kind, id, author: 'Bo', date: null });

function decided(document: Node, decide: (state: EditorState) => Transaction | null): Node {
  const tr = decide(EditorState.create({ doc: document }));
  if (!tr) throw new Error('nothing was decided');
  return tr.doc;
}

const texts = (document: Node) => {
  const found: string[] = [];
  document.descendants((node) => (node.isTextblock ? void found.push(node.textContent) : true));
  return found;
};

describe('accepting and rejecting text changes', () => {
  const source = doc(p('Keep ', ins(ann('1'), 'new '), del(ann('2'), 'old '), 'end'));

  it('accepting an insertion removes its mark and keeps its text', () => {
    const after = decided(source, (state) => acceptChange(state, '1'));
    expect(texts(after)).toEqual(['Keep new old end']);
    expect(listChanges(after).map((change) => change.id)).toEqual(['2']);
  });

  it('rejecting an insertion deletes its text', () => {
    const after = decided(source, (state) => rejectChange(state, '1'));
    expect(texts(after)).toEqual(['Keep old end']);
    expect(listChanges(after).map((change) => change.kind)).toEqual(['deletion']);
  });

  it('accepting a deletion deletes its text', () => {
    expect(texts(decided(source, (state) => acceptChange(state, '2')))).toEqual(['Keep new end']);
  });

  it('rejecting a deletion removes its mark and keeps its text', () => {
    const after = decided(source, (state) => rejectChange(state, '2'));
    expect(texts(after)).toEqual(['Keep new old end']);
    expect(listChanges(after).map((change) => change.kind)).toEqual(['insertion']);
  });

  it('keeps the other marks of the text it keeps (bold, a comment range)', () => {
    const after = decided(doc(p(ins(ann('1'), b(commented({ id: '7' }, 'bold'))))), (state) => acceptChange(state, '1'));
    expect(after.firstChild!.firstChild!.firstChild!.marks.map((mark) => mark.type.name).sort()).toEqual(['bold', 'comment']);
  });

  it('text inserted by one author and deleted by another goes when either the deletion is accepted or the insertion rejected', () => {
    const both = doc(p('a', ins(ann('1'), del({ ...ann('2'), author: 'Bo' }, 'X')), 'b'));
    expect(texts(decided(both, (state) => acceptChange(state, '2')))).toEqual(['ab']);
    expect(texts(decided(both, (state) => rejectChange(state, '1')))).toEqual(['ab']);
    const kept = decided(both, (state) => acceptChange(state, '1'));
    expect(listChanges(kept).map((change) => change.kind)).toEqual(['deletion']);
  });

  it('returns null for an id the document does not have', () => {
    expect(acceptChange(EditorState.create({ doc: source }), '99')).toBeNull();
  });
});

describe('accepting and rejecting moves', () => {
  const moved = doc(p('A ', del(ann('3', 'move1'), 'moved '), 'B'), p('C ', ins(ann('4', 'move1'), 'moved '), 'D'));

  it('lists a move as one change with both its ends, its source first', () => {
    const [move, ...rest] = listChanges(moved);
    expect(rest).toEqual([]);
    expect(move).toMatchObject({ id: '3', kind: 'move', move: 'move1', text: 'moved ' });
    expect(move!.ranges).toHaveLength(2);
    expect(move!.ranges[0]!.from).toBeLessThan(move!.ranges[1]!.from);
  });

  it('accepting a move deletes its source and keeps its destination', () => {
    const after = decided(moved, (state) => acceptChange(state, '3'));
    expect(texts(after)).toEqual(['A B', 'C moved D']);
    expect(listChanges(after)).toEqual([]);
  });

  it('rejecting a move keeps its source and deletes its destination', () => {
    const after = decided(moved, (state) => rejectChange(state, '3'));
    expect(texts(after)).toEqual(['A moved B', 'C D']);
    expect(listChanges(after)).toEqual([]);
  });
});

describe('accepting and rejecting paragraph marks', () => {
  const first = { styleId: 'First', markChange: markChange('deletion', '5') };
  const deletedMark = doc(p(first, 'one '), p({ styleId: 'Second' }, 'two'), p('three'));

  it('lists a paragraph mark change as a pilcrow at the paragraph’s end', () => {
    const [change] = listChanges(deletedMark);
    expect(change).toMatchObject({ id: '5', kind: 'deletion', target: 'paragraph-mark', author: 'Bo', text: '¶' });
    expect(deletedMark.resolve(change!.from).parent.textContent).toBe('one ');
  });

  it('accepting a deleted paragraph mark joins the paragraph with the next, which keeps its own properties', () => {
    const after = decided(deletedMark, (state) => acceptChange(state, '5'));
    expect(texts(after)).toEqual(['one two', 'three']);
    expect(after.firstChild!.firstChild!.attrs['styleId']).toBe('Second');
    expect(listChanges(after)).toEqual([]);
  });

  it('rejecting a deleted paragraph mark keeps the paragraphs apart and unmarked', () => {
    const after = decided(deletedMark, (state) => rejectChange(state, '5'));
    expect(texts(after)).toEqual(['one ', 'two', 'three']);
    expect(after.firstChild!.firstChild!.attrs['markChange']).toBeNull();
  });

  const insertedMark = doc(p({ markChange: markChange('insertion', '6') }, 'split '), p('here'));

  it('rejecting an inserted paragraph mark joins the paragraph with the next', () => {
    expect(texts(decided(insertedMark, (state) => rejectChange(state, '6')))).toEqual(['split here']);
  });

  it('accepting an inserted paragraph mark keeps the paragraphs apart and unmarked', () => {
    const after = decided(insertedMark, (state) => acceptChange(state, '6'));
    expect(texts(after)).toEqual(['split ', 'here']);
    expect(listChanges(after)).toEqual([]);
  });

  it('joins a run of deleted marks into one paragraph', () => {
    const run = doc(p({ markChange: markChange('deletion', '1') }, 'a'), p({ markChange: markChange('deletion', '2') }, 'b'), p('c'));
    expect(texts(decided(run, acceptAllChanges))).toEqual(['abc']);
  });

  it('leaves the last paragraph of the document unjoined but unmarked', () => {
    const after = decided(doc(p('a'), p({ markChange: markChange('deletion', '1') }, 'b')), acceptAllChanges);
    expect(texts(after)).toEqual(['a', 'b']);
    expect(listChanges(after)).toEqual([]);
  });
});

describe('accepting and rejecting table rows', () => {
  const rows = (change: StructureChange) => doc(table(tr(td('head')), tr({ change }, td('row')), tr(td('foot'))), p('after'));

  it('rejecting an inserted row deletes it', () => {
    expect(texts(decided(rows(markChange('insertion', '8')), (state) => rejectChange(state, '8')))).toEqual(['head', 'foot', 'after']);
  });

  it('accepting an inserted row keeps it, unmarked', () => {
    const after = decided(rows(markChange('insertion', '8')), (state) => acceptChange(state, '8'));
    expect(texts(after)).toEqual(['head', 'row', 'foot', 'after']);
    expect(listChanges(after)).toEqual([]);
  });

  it('accepting a deleted row deletes it, rejecting it keeps it', () => {
    expect(texts(decided(rows(markChange('deletion', '9')), (state) => acceptChange(state, '9')))).toEqual(['head', 'foot', 'after']);
    expect(texts(decided(rows(markChange('deletion', '9')), (state) => rejectChange(state, '9')))).toEqual(['head', 'row', 'foot', 'after']);
  });

  it('deleting the only row of a table deletes the table', () => {
    const lone = doc(table(tr({ change: markChange('insertion', '1') }, td('only'))), p('after'));
    expect(texts(decided(lone, rejectAllChanges))).toEqual(['after']);
  });

  it('lists a row change with the row’s text', () => {
    expect(listChanges(rows(markChange('insertion', '8')))).toMatchObject([{ id: '8', kind: 'insertion', target: 'row', text: 'row' }]);
  });
});

describe('deciding changes in the selection', () => {
  const source = doc(p('a', ins(ann('1'), 'one'), 'b', del(ann('2'), 'two'), 'c', ins(ann('3'), 'three')));
  const at = (from: number, to = from) => EditorState.create({ doc: source, selection: TextSelection.create(source, from, to) });

  it('decides the change at the caret', () => {
    const after = acceptChangesInSelection(at(3))!.doc;
    expect(listChanges(after).map((change) => change.id)).toEqual(['2', '3']);
  });

  it('decides every change the selection overlaps, and only those', () => {
    // From inside "one" to inside "two".
    const after = rejectChangesInSelection(at(3, 8))!.doc;
    expect(texts(after)).toEqual(['abtwocthree']);
    expect(listChanges(after).map((change) => change.id)).toEqual(['3']);
  });

  it('decides nothing where the selection touches no change', () => {
    expect(acceptChangesInSelection(at(1))).toBeNull();
  });
});

describe('a decision as a transaction', () => {
  const source = doc(p('Keep ', ins(ann('1'), 'new '), del(ann('2'), 'old '), 'end'), p({ markChange: markChange('deletion', '3') }, 'x'), p('y'));

  it('is one undo step, marked as a review decision', () => {
    let state = EditorState.create({ doc: source, plugins: [history()] });
    const tr = acceptAllChanges(state)!;
    expect(tr.getMeta(REVIEW_DECISION_META)).toBe('accept');
    state = state.apply(tr);
    expect(listChanges(state.doc)).toEqual([]);
    undo(state, (undone) => (state = state.apply(undone)));
    expect(state.doc.eq(source)).toBe(true);
  });

  it('accepting all gives the text the document says (deletions left out); rejecting all, the text without the insertions', () => {
    expect(extractText(decided(source, acceptAllChanges))).toBe(extractText(source).replace('x\ny', 'xy'));
    expect(texts(decided(source, rejectAllChanges))).toEqual(['Keep old end', 'x', 'y']);
  });
});

describe('change ids', () => {
  it('disambiguates ids a file reuses, in document order, so each change has its own', () => {
    const reused = doc(p(ins(ann('0'), 'cool'), ' ', del(ann('0'), 'basic')), p(ins(ann('0'), 'later')));
    expect(listChanges(reused).map((change) => change.id)).toEqual(['0', '0#2', '0#3']);
    expect(texts(decided(reused, (state) => rejectChange(state, '0#3')))).toEqual(['cool basic', '']);
  });

  it('shortens long text with an ellipsis', () => {
    const long = 'x'.repeat(200);
    const [change] = listChanges(doc(p(ins(ann('1'), long))));
    expect(change!.text).toHaveLength(80);
    expect(change!.text.endsWith('…')).toBe(true);
  });
});
