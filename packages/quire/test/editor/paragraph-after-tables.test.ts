import { history, undo } from 'prosemirror-history';
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { insertTable } from '../../src/editor/commands/table-commands.js';
import { paragraphAfterTables } from '../../src/editor/view/paragraph-after-tables.js';
import { schema } from '../../src/model/schema.js';

const { doc, section, paragraph, table, table_row: row, table_cell: cell } = schema.nodes as Record<string, NonNullable<(typeof schema.nodes)[string]>>;
const text = (value: string): Node => paragraph!.create(null, schema.text(value));
const shape = (node: Node): string => {
  if (node.isTextblock) return node.type.name;
  const children: string[] = [];
  node.forEach((child) => children.push(shape(child)));
  return `${node.type.name}(${children.join(',')})`;
};
const stateOf = (content: Node, at: number): EditorState => {
  const state = EditorState.create({ doc: content, plugins: [history(), paragraphAfterTables()] });
  return state.apply(state.tr.setSelection(TextSelection.create(content, at)));
};
const run = (state: EditorState, command: (state: EditorState, dispatch: (tr: import('prosemirror-state').Transaction) => void) => boolean): EditorState => {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
};

describe('the paragraph the editor keeps after a table that ends a cell or a section', () => {
  it('follows a table inserted in place of the last, empty paragraph of a section', () => {
    const start = doc!.create(null, section!.create(null, [text('first'), paragraph!.create()]));
    const state = run(stateOf(start, 9), insertTable(1, 1));
    expect(shape(state.doc)).toBe('doc(section(paragraph,table(table_row(table_cell(paragraph))),paragraph))');
  });

  it('follows a table inserted into a cell that held only an empty paragraph, and goes away with it on undo', () => {
    const start = doc!.create(null, section!.create(null, [table!.create(null, row!.create(null, cell!.create(null, paragraph!.create()))), text('after')]));
    const state = run(stateOf(start, 5), insertTable(1, 1));
    expect(shape(state.doc)).toBe('doc(section(table(table_row(table_cell(table(table_row(table_cell(paragraph))),paragraph))),paragraph))');
    expect(shape(run(state, undo).doc)).toBe(shape(start));
  });

  it('adds nothing where a paragraph already follows the table', () => {
    const start = doc!.create(null, section!.create(null, [text('first'), paragraph!.create(), text('last')]));
    const state = run(stateOf(start, 9), insertTable(1, 1));
    expect(shape(state.doc)).toBe('doc(section(paragraph,table(table_row(table_cell(paragraph))),paragraph))');
    expect(state.doc.lastChild!.lastChild!.textContent).toBe('last');
  });
});
