import type { Node } from 'prosemirror-model';
import { joinBackward, joinForward } from 'prosemirror-commands';
import { history, undo } from 'prosemirror-history';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { Slice } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { splitParagraphKeepingLook } from '../../../src/editor/commands/split-paragraph.js';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { del, doc, ins, p, table, td, tr } from '../../../src/model/builders.js';
import type { StructureChange, TrackedChangeAttrs } from '../../../src/model/marks/review-marks.js';
import { decidedTexts } from './suggest-views.js';

const NOW = new Date('2026-11-27T10:11:12.345Z');
const DATE = '2026-11-27T10:11:12Z';

function suggester(author = 'Ann'): SuggestContext {
  let last = 0;
  return { author, now: () => NOW, newId: () => `s${++last}` };
}

// Paragraph content starts at 2: the document holds a section, the section the paragraphs.
function stateAt(document: Node, anchor: number, head = anchor, withHistory = false): EditorState {
  const state = EditorState.create({ doc: document, ...(withHistory ? { plugins: [history()] } : {}) });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, anchor, head)));
}

// Runs a command as the editor does in suggest mode: its transaction goes through the transform.
function run(state: EditorState, command: Command, context: SuggestContext): EditorState {
  let next = state;
  command(state, (tr) => {
    const suggested = suggestTransaction(tr, state, context);
    if (suggested) next = state.apply(suggested);
  });
  return next;
}

const type = (text: string): Command => (state, dispatch) => {
  dispatch?.(state.tr.insertText(text));
  return true;
};
const deleteSelection: Command = (state, dispatch) => {
  dispatch?.(state.tr.deleteSelection());
  return true;
};
const backspace: Command = (state, dispatch) => {
  if (!state.selection.empty) return deleteSelection(state, dispatch);
  const { from } = state.selection;
  if (state.selection.$from.parentOffset === 0) return joinBackward(state, dispatch);
  dispatch?.(state.tr.delete(from - 1, from));
  return true;
};

function changesOf(document: Node, kind: 'insertion' | 'deletion'): { text: string; attrs: TrackedChangeAttrs }[] {
  const found: { text: string; attrs: TrackedChangeAttrs }[] = [];
  document.descendants((node) => {
    const mark = node.marks.find((candidate) => candidate.type.name === kind);
    if (node.isText && mark) {
      const last = found.at(-1);
      if (last && last.attrs.id === mark.attrs['id']) found[found.length - 1] = { text: last.text + node.text, attrs: last.attrs };
      else found.push({ text: node.text!, attrs: mark.attrs as TrackedChangeAttrs });
    }
  });
  return found;
}

const markChanges = (document: Node) => {
  const found: (StructureChange | null)[] = [];
  document.descendants((node) => (node.isTextblock ? void found.push(node.attrs['markChange'] as StructureChange | null) : true));
  return found;
};

describe('suggest mode records typing', () => {
  it('marks typed text as one insertion by the author, dated to the second, however many keys were typed', () => {
    const context = suggester();
    let state = stateAt(doc(p('Hello')), 7);
    for (const key of ' world') state = run(state, type(key), context);
    expect(state.doc.textContent).toBe('Hello world');
    expect(changesOf(state.doc, 'insertion')).toEqual([{ text: ' world', attrs: { id: 's1', author: 'Ann', date: DATE, move: null } }]);
    expect(state.selection.head).toBe(13);
  });

  it('starts a change of its own beside another author\'s insertion', () => {
    const ann = { id: '4', author: 'Ann', date: null, move: null };
    const state = run(stateAt(doc(p('Hi', ins(ann, 'Ann'))), 7), type('Bo'), suggester('Bo'));
    expect(changesOf(state.doc, 'insertion').map((change) => [change.text, change.attrs.author, change.attrs.id])).toEqual([['Ann', 'Ann', '4'], ['Bo', 'Bo', 's1']]);
  });

  it('marks text typed inside deleted text as inserted, not deleted', () => {
    const bo = { id: '9', author: 'Bo', date: null, move: null };
    const state = run(stateAt(doc(p(del(bo, 'gone'))), 4), type('X'), suggester());
    expect(changesOf(state.doc, 'insertion').map((change) => change.text)).toEqual(['X']);
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['X']);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['gone']);
  });
});

describe('suggest mode records deleting and replacing', () => {
  it('marks a deleted selection as deleted instead of removing it, and leaves the caret after it', () => {
    const state = run(stateAt(doc(p('Hello')), 3, 5), deleteSelection, suggester());
    expect(state.doc.textContent).toBe('Hello');
    expect(changesOf(state.doc, 'deletion')).toEqual([{ text: 'el', attrs: { id: 's1', author: 'Ann', date: DATE, move: null } }]);
    expect(state.selection.head).toBe(5);
  });

  it('marks the characters Backspace deletes one by one as one deletion, the caret going before them', () => {
    const context = suggester();
    let state = stateAt(doc(p('Hello')), 7);
    state = run(run(state, backspace, context), backspace, context);
    expect(changesOf(state.doc, 'deletion').map((change) => [change.text, change.attrs.id])).toEqual([['lo', 's1']]);
    expect(state.selection.head).toBe(5);
  });

  it('moves Backspace and Delete over text that is already deleted, changing nothing', () => {
    const bo = { id: '9', author: 'Bo', date: null, move: null };
    const before = doc(p('ab', del(bo, 'cd'), 'e'));
    const afterBackspace = run(stateAt(before, 6), backspace, suggester());
    expect(afterBackspace.doc.eq(before)).toBe(true);
    expect(afterBackspace.selection.head).toBe(4);
    const afterDelete = run(stateAt(before, 4), (state, dispatch) => (dispatch?.(state.tr.delete(4, 6)), true), suggester());
    expect(afterDelete.doc.eq(before)).toBe(true);
    expect(afterDelete.selection.head).toBe(6);
  });

  it('records replacing a selection as the deletion of the old text followed by the insertion of the new', () => {
    const state = run(stateAt(doc(p('Hello')), 3, 6), type('ipp'), suggester());
    expect(state.doc.firstChild!.firstChild!.content.content.map((node) => [node.text, node.marks.map((mark) => mark.type.name)])).toEqual([
      ['H', []],
      ['ell', ['deletion']],
      ['ipp', ['insertion']],
      ['o', []],
    ]);
    expect(changesOf(state.doc, 'deletion')[0]!.attrs.id).not.toBe(changesOf(state.doc, 'insertion')[0]!.attrs.id);
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['Hippo']);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['Hello']);
  });

  it('removes text of the author\'s own pending insertion rather than marking it', () => {
    const context = suggester();
    let state = stateAt(doc(p('Hello')), 7);
    state = run(state, type('abc'), context);
    state = run(run(state, backspace, context), backspace, context);
    expect(state.doc.textContent).toBe('Helloa');
    expect(changesOf(state.doc, 'insertion').map((change) => change.text)).toEqual(['a']);
    expect(changesOf(state.doc, 'deletion')).toEqual([]);
  });

  it('marks another author\'s insertion as deleted by this author', () => {
    const bo = { id: '9', author: 'Bo', date: null, move: null };
    const state = run(stateAt(doc(p('a', ins(bo, 'bc'))), 3, 5), deleteSelection, suggester());
    expect(changesOf(state.doc, 'deletion').map((change) => [change.text, change.attrs.author])).toEqual([['bc', 'Ann']]);
    expect(changesOf(state.doc, 'insertion').map((change) => change.attrs.author)).toEqual(['Bo']);
  });
});

describe('suggest mode records pasting', () => {
  it('marks pasted paragraphs as inserted, text and the paragraph mark the paste makes', () => {
    const pasted = new Slice(doc(p('one'), p('two')).firstChild!.content, 1, 1);
    const state = run(stateAt(doc(p('Hello')), 4), (current, dispatch) => (dispatch?.(current.tr.replaceSelection(pasted).setMeta('paste', true)), true), suggester());
    expect(changesOf(state.doc, 'insertion').map((change) => change.text)).toEqual(['onetwo']);
    expect(markChanges(state.doc).map((change) => change?.kind ?? null)).toEqual(['insertion', null]);
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['Heone', 'twollo']);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['Hello']);
  });
});

describe('suggest mode records paragraph marks', () => {
  it('records Enter as an inserted paragraph mark on the paragraph before the split, by the author', () => {
    const state = run(stateAt(doc(p('Hello')), 4), splitParagraphKeepingLook, suggester());
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['He', 'llo']);
    expect(markChanges(state.doc)).toEqual([{ kind: 'insertion', id: 's1', author: 'Ann', date: DATE }, null]);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['Hello']);
  });

  it('records Backspace at a paragraph\'s start as a deleted paragraph mark, leaving the paragraphs apart until accepted', () => {
    const state = run(stateAt(doc(p('Hello'), p('World')), 9), backspace, suggester());
    expect(state.doc.firstChild!.childCount).toBe(2);
    expect(markChanges(state.doc)).toEqual([{ kind: 'deletion', id: 's1', author: 'Ann', date: DATE }, null]);
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['HelloWorld']);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['Hello', 'World']);
    expect(state.selection.head).toBe(7);
  });

  it('records Delete at a paragraph\'s end as a deleted paragraph mark', () => {
    const state = run(stateAt(doc(p('Hello'), p('World')), 7), joinForward, suggester());
    expect(markChanges(state.doc).map((change) => change?.kind ?? null)).toEqual(['deletion', null]);
  });

  it('marks a selection across paragraphs deleted, text and paragraph marks', () => {
    const state = run(stateAt(doc(p('Hello'), p('big'), p('World')), 5, 16), deleteSelection, suggester());
    expect(state.doc.firstChild!.childCount).toBe(3);
    expect(markChanges(state.doc).map((change) => change?.kind ?? null)).toEqual(['deletion', 'deletion', null]);
    expect(decidedTexts(state.doc, 'accepted')).toEqual(['Helrld']);
    expect(decidedTexts(state.doc, 'rejected')).toEqual(['Hello', 'big', 'World']);
  });

  it('joins the paragraphs again when the author deletes the paragraph mark they inserted', () => {
    const original = doc(p('Hello'));
    const context = suggester();
    const split = run(stateAt(original, 4), splitParagraphKeepingLook, context);
    const joined = run(split, backspace, context);
    expect(joined.doc.eq(original)).toBe(true);
  });
});

describe('suggest mode records an inserted table', () => {
  it('marks each row of a table inserted from the menu as an inserted row, by the author', () => {
    const inserted = table(tr(td(p('a')), td(p('b'))), tr(td(p('c')), td(p('d'))));
    const state = run(stateAt(doc(p('Hello')), 7), (current, dispatch) => (dispatch?.(current.tr.replaceSelectionWith(inserted)), true), suggester());
    const rows: (StructureChange | null)[] = [];
    state.doc.descendants((node) => void (node.type.name === 'table_row' && rows.push(node.attrs['change'] as StructureChange | null)));
    expect(rows.map((change) => change && `${change.kind} ${change.author}`)).toEqual(['insertion Ann', 'insertion Ann']);
    expect(changesOf(state.doc, 'insertion').map((change) => change.text)).toEqual(['abcd']);
  });
});

describe('suggest mode and other transactions', () => {
  it('undoes a suggested edit to exactly the document before it', () => {
    const original = doc(p('Hello'), p('World'));
    const context = suggester();
    let state = stateAt(original, 3, 12, true);
    state = run(state, type('X'), context);
    expect(state.doc.eq(original)).toBe(false);
    undo(state, (tr) => (state = state.apply(tr)));
    expect(state.doc.eq(original)).toBe(true);
  });

  it('applies a decision on changes as made', () => {
    const state = stateAt(doc(p('Hello')), 3);
    const decision = state.tr.delete(2, 3).setMeta('quireReviewDecision', true);
    expect(suggestTransaction(decision, state, suggester())).toBe(decision);
  });
});
