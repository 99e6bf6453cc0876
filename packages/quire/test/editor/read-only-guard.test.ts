// The guard that keeps headers, footers and notes out of reach of ordinary edits: only the part
// editor's transactions change them, each inside the one part it edits, and undo replays them.
import { history, undo } from 'prosemirror-history';
import type { Node } from 'prosemirror-model';
import { EditorState, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { addPart, removeEmptyPart } from '../../src/editor/parts/add-part.js';
import { PART_ADD_META, PART_EDIT_META, readOnlyGuard } from '../../src/editor/view/read-only-guard.js';
import { build } from '../../src/model/index.js';

const { doc, section, header, p, footnote } = build;

function stateOf(editable = true): EditorState {
  return EditorState.create({ doc: doc(section(header('default', p('Head')), p('Body')), footnote('1', p('Note'))), plugins: [history(), readOnlyGuard(() => editable)] });
}

/** The position of the first occurrence of `text` in `model`. */
function positionOf(model: Node, text: string): number {
  let found = -1;
  model.descendants((node, pos) => {
    const at = node.isText ? node.text!.indexOf(text) : -1;
    if (found < 0 && at >= 0) found = pos + at;
    return found < 0;
  });
  if (found < 0) throw new Error(`no "${text}"`);
  return found;
}

const typed = (state: EditorState, text: string, at: string): Transaction => state.tr.insertText(text, positionOf(state.doc, at));

describe('the read-only guard', () => {
  it('refuses typing in a header that does not come from the part editor', () => {
    const state = stateOf();
    expect(state.apply(typed(state, 'X', 'Head'))).toBe(state);
  });

  it('lets the part editor type in a header and in a note', () => {
    const state = stateOf();
    const inHeader = state.apply(typed(state, 'X', 'Head').setMeta(PART_EDIT_META, true));
    expect(inHeader.doc.firstChild!.firstChild!.textContent).toBe('XHead');
    const inNote = inHeader.apply(typed(inHeader, 'Y', 'Note').setMeta(PART_EDIT_META, true));
    expect(inNote.doc.lastChild!.textContent).toBe('YNote');
  });

  it('refuses a part editor change that reaches the body', () => {
    const state = stateOf();
    const tr = state.tr.delete(positionOf(state.doc, 'Head'), positionOf(state.doc, 'Body') + 2).setMeta(PART_EDIT_META, true);
    expect(state.apply(tr)).toBe(state);
    const inBody = typed(state, 'X', 'Body').setMeta(PART_EDIT_META, true);
    expect(state.apply(inBody)).toBe(state);
  });

  it('lets a footer the section lacks be added whole and, left empty, removed whole, and nothing else under that meta', () => {
    const state = stateOf();
    const key = { kind: 'footer', section: 0, variant: 'default' } as const;
    const added = state.apply(addPart(state, key, null)!.tr);
    expect(added.doc.firstChild!.childCount).toBe(state.doc.firstChild!.childCount + 1);
    const removed = added.apply(removeEmptyPart(added, key, [0])!);
    expect(removed.doc.eq(state.doc)).toBe(true);
    expect(state.apply(typed(state, 'X', 'Body').setMeta(PART_ADD_META, true))).toBe(state);
    const header = state.doc.firstChild!.firstChild!;
    expect(state.apply(state.tr.delete(1, 1 + header.nodeSize).setMeta(PART_ADD_META, true))).toBe(state);
  });

  it('lets undo take back a header edit', () => {
    const state = stateOf();
    const edited = state.apply(typed(state, 'X', 'Head').setMeta(PART_EDIT_META, true));
    let undone: EditorState | null = null;
    expect(undo(edited, (tr) => (undone = edited.apply(tr)))).toBe(true);
    expect(undone!.doc.eq(state.doc)).toBe(true);
  });

  it('refuses the part editor’s changes too in view mode', () => {
    const state = stateOf(false);
    expect(state.apply(typed(state, 'X', 'Head').setMeta(PART_EDIT_META, true))).toBe(state);
  });
});
