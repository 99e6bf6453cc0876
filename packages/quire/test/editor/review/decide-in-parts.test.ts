import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { readOnlyGuard } from '../../../src/editor/view/read-only-guard.js';
import { doc, footnote, footnoteRef, header, ins, p, section } from '../../../src/model/builders.js';

const change = (id: string) => ({ id, author: 'Ann', date: null, move: null });

describe('deciding changes in headers, footers and notes', () => {
  // Headers, footers and notes are edited only in the part editor; a decision on the whole document reaches them too.
  const source = doc(section(header('default', p('Head ', ins(change('1'), 'new'))), p('Body ', ins(change('2'), 'added'), footnoteRef('1'))), footnote('1', p('Note ', ins(change('3'), 'more'))));
  const guarded = () => EditorState.create({ doc: source, plugins: [readOnlyGuard(() => true)] });

  it('lists the changes of headers and notes with the body’s', () => {
    expect(listChanges(source).map((listed) => listed.id)).toEqual(['1', '2', '3']);
  });

  it('accepts or rejects them all in one transaction that the read-only guard lets through', () => {
    const state = guarded();
    const accepted = state.apply(acceptAllChanges(state)!);
    expect(accepted.doc.eq(source)).toBe(false);
    expect(listChanges(accepted.doc)).toEqual([]);
    const rejected = state.apply(rejectAllChanges(state)!);
    expect(rejected.doc.textContent).toBe('Head Body Note ');
  });

  it('still refuses other changes of a header', () => {
    const state = guarded();
    expect(state.apply(state.tr.insertText('x', 3)).doc.eq(source)).toBe(true);
  });
});
