// Deleting a selection of table cells in suggest mode: prosemirror-tables empties each cell with a
// step of its own, and each cell's text is recorded as deleted where it stands.
import { EditorState, type Transaction } from 'prosemirror-state';
import { CellSelection, deleteCellSelection } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import { doc, p, table, td, tr } from '../../../src/model/builders.js';
import type { Node } from 'prosemirror-model';

const original = doc(p('before'), table(tr(td(p('one')), td(p('two'))), tr(td(p('three')), td(p('four')))), p('after'));

// Each textblock's text, deleted text in brackets.
function shown(document: Node): string[] {
  const blocks: string[] = [];
  document.descendants((node) => {
    if (!node.isTextblock) return true;
    let text = '';
    node.forEach((child) => (text += child.marks.some((mark) => mark.type.name === 'deletion') ? `[${child.text}]` : child.text));
    blocks.push(text);
    return false;
  });
  return blocks;
}

// Selects the cells from the `first`th to the `last`th (in document order) and deletes them in suggest mode.
function deleteCells(first: number, last: number): EditorState {
  let ids = 0;
  const context: SuggestContext = { author: 'Ann', now: () => new Date(Date.UTC(2026, 10, 27)), newId: () => `s${++ids}` };
  const cells: number[] = [];
  original.descendants((node, pos) => (node.type.name === 'table_cell' ? void cells.push(pos) : true));
  const state = EditorState.create({ doc: original, selection: CellSelection.create(original, cells[first]!, cells[last]!) });
  let made: Transaction | null = null;
  expect(deleteCellSelection(state, (tr) => (made = suggestTransaction(tr, state, context)))).toBe(true);
  expect(made).not.toBeNull();
  return state.apply(made!);
}

describe('suggest mode on a selection of table cells', () => {
  it('records the deletion of every selected cell’s text in its cell, adding no paragraph or cell', () => {
    expect(shown(deleteCells(0, 3).doc)).toEqual(['before', '[one]', '[two]', '[three]', '[four]', 'after']);
    expect(shown(deleteCells(1, 2).doc)).toEqual(['before', '[one]', '[two]', '[three]', '[four]', 'after']);
    expect(shown(deleteCells(0, 1).doc)).toEqual(['before', '[one]', '[two]', 'three', 'four', 'after']);
  });

  it('gives back the original document when rejected, and empties the cells when accepted', () => {
    const suggested = deleteCells(0, 3);
    expect(suggested.apply(rejectAllChanges(suggested)!).doc.toJSON()).toEqual(original.toJSON());
    expect(shown(suggested.apply(acceptAllChanges(suggested)!).doc)).toEqual(['before', '', '', '', '', 'after']);
  });
});
