import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import type { DecorationSet } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import { changeBars, CHANGED_CLASS } from '../../../src/editor/review/change-bars.js';
import { del, doc, ins, p } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/schema.js';
import type { StructureChange } from '../../../src/model/marks/review-marks.js';

const ann = (id: string) => ({ id, author: 'Ann', date: null, move: null });
const insertedMark: StructureChange = { kind: 'insertion', id: '9', author: 'Bo', date: null };

function stateOf(document: Node): EditorState {
  const plugin = changeBars();
  return EditorState.create({ doc: document, plugins: [plugin] });
}

// The text of each paragraph with a bar, as the plugin has them.
function barred(state: EditorState): string[] {
  const set = state.plugins[0]!.getState(state) as DecorationSet;
  return set.find().filter((bar) => (bar as unknown as { type: { attrs: { class?: string } } }).type.attrs.class === CHANGED_CLASS).map((bar) => state.doc.nodeAt(bar.from)?.textContent ?? '?');
}

// The paragraphs that hold a change, found afresh.
function holding(document: Node): string[] {
  const found: string[] = [];
  document.descendants((node) => {
    if (!node.isTextblock) return true;
    let changed = Boolean(node.attrs['markChange']);
    node.forEach((child) => (changed ||= child.marks.some((mark) => mark.type.name === 'insertion' || mark.type.name === 'deletion')));
    if (changed) found.push(node.textContent);
    return false;
  });
  return found;
}

const source = () => doc(p('Plain one'), p('Keep ', ins(ann('1'), 'new'), ' end'), p('Plain two'), p({ markChange: insertedMark }, 'Split here'), p('Cut ', del(ann('2'), 'old'), ' text'));

describe('changeBars', () => {
  it('bars each paragraph that holds an inserted or deleted text or a changed paragraph mark, and no other', () => {
    expect(barred(stateOf(source()))).toEqual(['Keep new end', 'Split here', 'Cut old text']);
  });

  it('takes a bar away when the paragraph’s last change goes (an insertion accepted, a deletion rejected: their marks removed), and adds one when a change is made', () => {
    let state = stateOf(source());
    state = state.apply(state.tr.removeMark(0, state.doc.content.size, schema.marks['insertion']!));
    expect(barred(state)).toEqual(['Split here', 'Cut old text']);
    state = state.apply(state.tr.removeMark(0, state.doc.content.size, schema.marks['deletion']!));
    expect(barred(state)).toEqual(['Split here']);
    state = state.apply(state.tr.insert(positionOf(state.doc, 'Plain one'), schema.text('added', [schema.marks['insertion']!.create(ann('3'))])));
    expect(barred(state)).toEqual(['addedPlain one', 'Split here']);
  });

  it('stays equal to the bars found afresh through typing, splitting, joining, deleting and deciding', () => {
    let state = stateOf(source());
    const steps: ((current: EditorState) => Transaction)[] = [];
    const typeAt = (text: string, find: string) => (current: EditorState) => current.tr.insertText(text, positionOf(current.doc, find));
    steps.push(typeAt('x', 'new'), typeAt('y', 'Plain two'));
    steps.push((current) => current.tr.split(positionOf(current.doc, 'new') + 1));
    steps.push((current) => current.tr.join(positionOf(current.doc, 'yPlain two') - 1));
    steps.push((current) => current.tr.delete(positionOf(current.doc, 'Cut'), positionOf(current.doc, 'text')));
    steps.push((current) => current.tr.setSelection(TextSelection.create(current.doc, 2)));
    steps.push((current) => current.tr.setNodeAttribute(positionOf(current.doc, 'Split') - 1, 'markChange', null));
    steps.push((current) => current.tr.removeMark(0, current.doc.content.size, schema.marks['insertion']!).removeMark(0, current.doc.content.size, schema.marks['deletion']!));
    for (const step of steps) {
      state = state.apply(step(state));
      expect(barred(state)).toEqual(holding(state.doc));
    }
    expect(barred(state)).toEqual([]);
  });
});

function positionOf(document: Node, text: string): number {
  let found = -1;
  document.descendants((node, pos) => {
    if (found >= 0) return false;
    const at = node.isText ? (node.text ?? '').indexOf(text) : -1;
    if (at >= 0) found = pos + at;
    return true;
  });
  if (found < 0) throw new Error(`"${text}" is not in the document`);
  return found;
}
