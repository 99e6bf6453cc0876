import type { Node } from 'prosemirror-model';
import { history, undo } from 'prosemirror-history';
import { EditorState, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptChange, rejectAllChanges, rejectChange } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { suggestTransaction } from '../../../src/editor/review/suggest-transaction.js';
import { setAlignment, setParagraphStyle } from '../../../src/editor/commands/block-commands.js';
import { simpleCommands } from '../../../src/editor/commands/editor-commands.js';
import { indent } from '../../../src/editor/commands/list-commands.js';
import { doc, li, p, ul } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/schema.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { formatChangesDocx } from '../../../../../test/support/format-changes-docx.js';

const commands = simpleCommands(schema);
const HEADING_1 = { id: 'Heading1', name: 'Heading 1', headingLevel: 1, isDefault: false };

async function fixtureState(): Promise<EditorState> {
  return EditorState.create({ doc: (await readDocx(formatChangesDocx())).value, plugins: [history()] });
}

function apply(state: EditorState, tr: Transaction | null): EditorState {
  if (!tr) throw new Error('nothing was done');
  return state.apply(tr);
}

// Runs `command` over `from`..`to` in suggest mode by `author`, as the editor does.
function suggest(state: EditorState, command: Command, from: number, to = from, author = 'Cy'): EditorState {
  const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
  let made: Transaction | undefined;
  command(selected, (tr) => (made = tr));
  if (!made) throw new Error('the command did not apply');
  let id = 0;
  return apply(selected, suggestTransaction(made, selected, { author, now: () => new Date('2026-05-06T07:08:09.123Z'), newId: () => `quire-new-${++id}` }));
}

// Where `text` starts in `state`'s document.
function find(state: EditorState, text: string): number {
  let found = -1;
  state.doc.descendants((node, pos) => {
    if (found === -1 && node.isText && node.text!.includes(text)) found = pos + node.text!.indexOf(text);
    return found === -1;
  });
  if (found === -1) throw new Error(`"${text}" is not in the document`);
  return found;
}

function blocks(document: Node) {
  const found: { type: string; text: string; align: unknown; marks: string[]; inList: boolean }[] = [];
  document.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const $pos = document.resolve(pos);
    const inList = Array.from({ length: $pos.depth + 1 }, (_, depth) => $pos.node(depth).type.name).some((name) => name.endsWith('_list'));
    found.push({ type: node.type.name, text: node.textContent, align: node.attrs['align'], marks: [...new Set(node.content.content.flatMap((child) => child.marks.map((mark) => mark.type.name)))], inList });
    return false;
  });
  return found;
}

describe('format changes in the list of changes', () => {
  it('lists each run and paragraph property change of a Word file as a format change of text or paragraph, saying what changed', async () => {
    const changes = listChanges((await fixtureState()).doc);
    expect(changes.map(({ id, kind, target, author, text, description }) => ({ id, kind, target, author, text, description }))).toEqual([
      { id: '11', kind: 'format', target: 'text', author: 'Ann Reviewer', text: 'bold now', description: 'Bold' },
      { id: '12', kind: 'format', target: 'text', author: 'Bo Editor', text: 'was italic', description: 'Not italic' },
      { id: '13', kind: 'format', target: 'paragraph', author: 'Ann Reviewer', text: 'A heading now', description: 'Style: Heading 1' },
      { id: '14', kind: 'format', target: 'paragraph', author: 'Bo Editor', text: 'Centred now', description: 'Alignment: center' },
      { id: '15', kind: 'format', target: 'paragraph', author: 'Ann Reviewer', text: 'A list item now', description: 'Bulleted list' },
    ]);
  });
});

describe('accepting and rejecting format changes', () => {
  it('accepting a run format change keeps the new formatting and drops the change', async () => {
    const state = await fixtureState();
    const after = apply(state, acceptChange(state, '11'));
    expect(blocks(after.doc)[0]!.marks).toEqual(['bold']);
    expect(listChanges(after.doc).map((change) => change.id)).not.toContain('11');
  });

  it('rejecting run format changes gives the text its old formatting back', async () => {
    const state = await fixtureState();
    let after = apply(state, rejectChange(state, '11'));
    after = apply(after, rejectChange(after, '12'));
    expect(blocks(after.doc).slice(0, 2).map((block) => block.marks)).toEqual([[], ['italic']]);
  });

  it('rejecting paragraph property changes gives back the kind, alignment and list the paragraph had, each decision one undo step', async () => {
    const state = await fixtureState();
    let after = state;
    for (const id of ['13', '14', '15']) after = apply(after, rejectChange(after, id));
    expect(blocks(after.doc).slice(2, 5)).toEqual([
      { type: 'paragraph', text: 'A heading now', align: null, marks: [], inList: false },
      { type: 'paragraph', text: 'Centred now', align: null, marks: [], inList: false },
      { type: 'paragraph', text: 'A list item now', align: null, marks: [], inList: false },
    ]);
    expect(listChanges(after.doc).map((change) => change.id)).toEqual(['11', '12']);
    let undone = after;
    for (let step = 0; step < 3; step++) undo(undone, (tr) => (undone = undone.apply(tr)));
    expect(undone.doc.eq(state.doc)).toBe(true);
  });
});

describe('formatting in suggest mode', () => {
  const start = () => EditorState.create({ doc: doc(p('Plain words here')), plugins: [history()] });

  it('records bold and italic on a word as one format change by the author, dated, holding the word’s formatting before', () => {
    let state = start();
    const at = find(state, 'words');
    state = suggest(state, commands.bold, at, at + 5);
    state = suggest(state, commands.italic, at, at + 5);
    const [change] = listChanges(state.doc);
    expect(listChanges(state.doc)).toHaveLength(1);
    expect(change).toMatchObject({ kind: 'format', target: 'text', author: 'Cy', date: '2026-05-06T07:08:09Z', text: 'words', description: 'Bold, Italic' });
    expect(blocks(state.doc)[0]!.marks).toEqual(['bold', 'italic', 'formatChange']);
    expect(blocks(apply(state, rejectAllChanges(state)).doc)[0]!.marks).toEqual([]);
  });

  it('removes the change when the author formats the text back, or undoes the formatting', () => {
    const state = start();
    const at = find(state, 'words');
    const bolded = suggest(state, commands.bold, at, at + 5);
    expect(listChanges(suggest(bolded, commands.bold, at, at + 5).doc)).toEqual([]);
    let undone = bolded;
    undo(undone, (tr) => (undone = undone.apply(tr)));
    expect(undone.doc.eq(state.doc)).toBe(true);
  });

  it('keeps another author’s change, with its formatting before, when text is formatted again', () => {
    const state = start();
    const at = find(state, 'words');
    const bolded = suggest(state, commands.bold, at, at + 5, 'Ann');
    const italic = suggest(bolded, commands.italic, at, at + 5, 'Bo');
    expect(listChanges(italic.doc).map(({ author, description }) => ({ author, description }))).toEqual([{ author: 'Bo', description: 'Bold, Italic' }]);
  });

  it('only formats the author’s own inserted text: it is new either way', () => {
    let state = start();
    const end = find(state, 'here') + 'here'.length;
    state = suggest(state, (current, dispatch) => (dispatch?.(current.tr.insertText(' more', end)), true), end);
    state = suggest(state, commands.bold, end, end + 5);
    expect(listChanges(state.doc).map((change) => change.kind)).toEqual(['insertion']);
  });

  it('records a paragraph style, an alignment and a bulleted list as one change of the paragraph, holding its format before', () => {
    let state = start();
    state = suggest(state, setParagraphStyle(HEADING_1), 2);
    state = suggest(state, setAlignment('center'), 2);
    expect(listChanges(state.doc).map(({ kind, target, description }) => ({ kind, target, description }))).toEqual([{ kind: 'format', target: 'paragraph', description: 'Style: Heading 1, Alignment: center' }]);
    const rejected = apply(state, rejectAllChanges(state));
    expect(rejected.doc.eq(start().doc)).toBe(true);
  });

  it('records a list made of paragraphs, and rejecting takes them out of the list again', () => {
    let state = EditorState.create({ doc: doc(p('one'), p('two')), plugins: [history()] });
    state = suggest(state, commands.bulletList, 2, find(state, 'two') + 3);
    expect(listChanges(state.doc).map((change) => change.description)).toEqual(['Bulleted list', 'Bulleted list']);
    const rejected = apply(state, rejectAllChanges(state));
    expect(blocks(rejected.doc).map(({ type, text, inList }) => ({ type, text, inList }))).toEqual([
      { type: 'paragraph', text: 'one', inList: false },
      { type: 'paragraph', text: 'two', inList: false },
    ]);
  });

  it('records a list item indented one level, and rejecting brings it back to its level', () => {
    const listed = doc(ul(li(p('one')), li(p('two'))));
    let state = EditorState.create({ doc: listed, plugins: [history()] });
    state = suggest(state, indent, find(state, 'two'));
    expect(listChanges(state.doc).map(({ target, text, description }) => ({ target, text, description }))).toEqual([{ target: 'paragraph', text: 'two', description: 'List level 2' }]);
    expect(apply(state, rejectAllChanges(state)).doc.eq(listed)).toBe(true);
  });

  it('records a bulleted list made numbered, and rejecting gives the list its kind and numbering instance back', () => {
    const listed = doc(ul({ numId: '7', level: 0 }, li(p('one')), li(p('two'))));
    let state = EditorState.create({ doc: listed, plugins: [history()] });
    state = suggest(state, commands.numberedList, find(state, 'one'));
    expect(listChanges(state.doc).map((change) => change.description)).toEqual(['Numbered list', 'Numbered list']);
    const rejected = apply(state, rejectAllChanges(state)).doc;
    expect(rejected.firstChild!.firstChild!.type.name).toBe('bullet_list');
    expect(rejected.firstChild!.firstChild!.attrs['numId']).toBe('7');
    expect(listChanges(rejected)).toEqual([]);
  });

  it('removes a paragraph’s change when its format is set back', () => {
    let state = start();
    state = suggest(state, setAlignment('right'), 2);
    state = suggest(state, setAlignment('left'), 2);
    expect(listChanges(state.doc)).toEqual([]);
  });
});
