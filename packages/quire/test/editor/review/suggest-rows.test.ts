// Inserting and deleting table rows in suggest mode, with the table commands the toolbar runs.
import type { Node } from 'prosemirror-model';
import { history, undo, undoDepth } from 'prosemirror-history';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, CellSelection, deleteColumn, deleteRow } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, acceptChange, rejectAllChanges, rejectChange } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import type { SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { suggestCommand } from './suggest-command.js';
import { doc, p, table, td, tr } from '../../../src/model/builders.js';
import type { StructureChange } from '../../../src/model/marks/review-marks.js';

const DATE = '2026-11-27T10:11:12Z';
const original = doc(p('before'), table(tr(td('one'), td('two')), tr(td('three'), td('four')), tr(td('five'), td('six'))), p('after'));

function context(author = 'Ann'): SuggestContext {
  let last = 0;
  return { author, now: () => new Date(DATE), newId: () => `s${++last}` };
}

// The state with the caret at the start of the text `text`.
function caretIn(document: Node, text: string): EditorState {
  let at = -1;
  document.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text === text) at = pos;
    return at < 0;
  });
  if (at < 0) throw new Error(`no text ${text}`);
  return EditorState.create({ doc: document, selection: TextSelection.create(document, at) });
}

// The state with the caret in the first cell of the table's `index`th row.
function caretInRow(state: EditorState, index: number): EditorState {
  let at = -1;
  let seen = 0;
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'table_row' && seen++ === index) at = pos;
    return at < 0;
  });
  return state.apply(state.tr.setSelection(TextSelection.near(state.doc.resolve(at + 1))));
}

// Runs `command` as the editor does in suggest mode; null when the transform refused its transaction.
function suggest(state: EditorState, command: Command, by = context()): EditorState | null {
  return suggestCommand(state, command, by);
}

// Each row: its change (kind and author, or '-') and its cells' text, deleted text in brackets.
function rows(document: Node): string[] {
  const found: string[] = [];
  document.descendants((node) => {
    if (node.type.name !== 'table_row') return true;
    const change = node.attrs['change'] as StructureChange | null;
    const cells: string[] = [];
    node.forEach((cell) => {
      let text = '';
      cell.descendants((child) => void (text += child.isText ? (child.marks.some((mark) => mark.type.name === 'deletion') ? `[${child.text}]` : child.text) : ''));
      cells.push(text);
    });
    found.push(`${change ? `${change.kind} by ${change.author}` : '-'}: ${cells.join(' | ')}`);
    return false;
  });
  return found;
}

describe('table rows in suggest mode', () => {
  it('marks a row inserted above or below as a row inserted by the user, which rejecting removes and accepting keeps', () => {
    for (const [command, expected] of [
      [addRowAfter, ['-: one | two', 'insertion by Ann:  | ', '-: three | four', '-: five | six']],
      [addRowBefore, ['insertion by Ann:  | ', '-: one | two', '-: three | four', '-: five | six']],
    ] as const) {
      const suggested = suggest(caretIn(original, 'one'), command)!;
      expect(rows(suggested.doc)).toEqual(expected);
      const row = listChanges(suggested.doc).find((change) => change.target === 'row')!;
      expect(row).toMatchObject({ kind: 'insertion', author: 'Ann', date: DATE });
      // The new cells' paragraph marks are inserted too, as those of a table inserted in suggest mode are.
      expect(listChanges(suggested.doc).map((change) => `${change.kind} ${change.target}`)).toEqual(['insertion row', 'insertion paragraph-mark', 'insertion paragraph-mark']);
      expect(suggested.apply(rejectChange(suggested, row.id)!).doc.toJSON()).toEqual(original.toJSON());
      expect(rows(suggested.apply(acceptAllChanges(suggested)!).doc)).toEqual([...expected].map((line) => line.replace('insertion by Ann', '-')));
    }
  });

  it('keeps a deleted row in its table, marked deleted by the user with its text and paragraph marks deleted', () => {
    const suggested = suggest(caretIn(original, 'three'), deleteRow)!;
    expect(rows(suggested.doc)).toEqual(['-: one | two', 'deletion by Ann: [three] | [four]', '-: five | six']);
    // Its cells' paragraph marks are deleted too, as Word marks them.
    expect(listChanges(suggested.doc).map((change) => `${change.kind} ${change.target} ${change.author} ${change.text}`)).toEqual([
      'deletion row Ann three four',
      'deletion text Ann three',
      'deletion paragraph-mark Ann ¶',
      'deletion text Ann four',
      'deletion paragraph-mark Ann ¶',
    ]);
  });

  it('removes the deleted row when its deletion is accepted, and gives back the original table when rejected', () => {
    const suggested = suggest(caretIn(original, 'three'), deleteRow)!;
    const row = listChanges(suggested.doc).find((change) => change.target === 'row')!;
    expect(rows(suggested.apply(acceptChange(suggested, row.id)!).doc)).toEqual(['-: one | two', '-: five | six']);
    expect(suggested.apply(rejectAllChanges(suggested)!).doc.toJSON()).toEqual(original.toJSON());
  });

  it('makes one undo step of a suggested row deletion, which gives the table back', () => {
    const state = EditorState.create({ doc: original, selection: caretIn(original, 'three').selection, plugins: [history()] });
    const suggested = suggest(state, deleteRow)!;
    let undone: EditorState | null = null;
    expect(undo(suggested, (tr) => (undone = suggested.apply(tr)))).toBe(true);
    expect(undone!.doc.toJSON()).toEqual(original.toJSON());
    expect(undoDepth(undone!)).toBe(0);
  });

  it('deletes every row of a selection of rows as deleted rows', () => {
    const cells: number[] = [];
    original.descendants((node, pos) => (node.type.name === 'table_cell' ? void cells.push(pos) : true));
    const selected = EditorState.create({ doc: original, selection: CellSelection.create(original, cells[0]!, cells[3]!) });
    expect(rows(suggest(selected, deleteRow)!.doc)).toEqual(['deletion by Ann: [one] | [two]', 'deletion by Ann: [three] | [four]', '-: five | six']);
  });

  it('takes out a row the user inserted when they delete it, leaving no change', () => {
    const inserted = suggest(caretIn(original, 'one'), addRowAfter)!;
    expect(rows(inserted.doc)[1]).toMatch(/^insertion by Ann/);
    const deleted = suggest(caretInRow(inserted, 1), deleteRow)!;
    expect(deleted.doc.toJSON()).toEqual(original.toJSON());
    expect(listChanges(deleted.doc)).toEqual([]);
  });

  it('leaves a row another author inserted as it is when deleted, since a row holds one change', () => {
    const byBo = suggest(caretIn(original, 'one'), addRowAfter, context('Bo'))!;
    const deleted = suggest(caretInRow(byBo, 1), deleteRow)!;
    expect(rows(deleted.doc)).toEqual(rows(byBo.doc));
  });

  it('refuses to add or delete a column, even with the table commands that keep no widths', () => {
    for (const command of [addColumnAfter, addColumnBefore, deleteColumn]) expect(suggest(caretIn(original, 'three'), command)).toBeNull();
  });

  it('refuses to delete a row that a merged cell crosses, which would shorten or move the cell', () => {
    const merged = doc(table(tr(td({ rowspan: 2 }, p('tall')), td('two')), tr(td('four'))), p('after'));
    expect(suggest(caretIn(merged, 'four'), deleteRow)).toBeNull();
  });
});
