import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptChangesInSelection } from '../../../src/editor/review/decide-changes.js';
import { selectionTouchesChange } from '../../../src/editor/review/selection-touches-change.js';
import { del, doc, ins, p, table, td, tr } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/schema.js';

const change = (id: string) => ({ id, author: 'Ann', date: null, move: null });
const NO_FORMAT = { styleId: null, align: null, indent: null, spacing: null, keepNext: false, keepLines: false, pageBreakBefore: false, direction: null, shading: null, list: null };
const formatted = (text: string) => schema.text(text, [schema.marks['formatChange']!.create({ id: '5', author: 'Cy', date: null, before: [], source: null })]);
const structure = (kind: 'insertion' | 'deletion', id: string) => ({ kind, id, author: 'Bo', date: null });

describe('selectionTouchesChange', () => {
  it('agrees with the changes acceptChangesInSelection decides, for every text selection of a document with each kind of change, format changes included', () => {
    const source = doc(
      p('ab', ins(change('1'), 'cd'), 'ef', del(change('2'), 'gh')),
      p({ markChange: structure('deletion', '3') }, 'ij'),
      p('kl'),
      table(tr(td('mn')), tr({ change: structure('insertion', '4') }, td('op'))),
      p('qr'),
      p('st', formatted('uv'), 'wx'),
      p({ formatChange: { id: '6', author: 'Cy', date: null, before: { ...NO_FORMAT, block: 'paragraph', level: null, align: 'left' }, source: null }, align: 'center' }, 'yz'),
      p('end'),
    );
    const positions: number[] = [];
    for (let pos = 0; pos <= source.content.size; pos++) if (source.resolve(pos).parent.isTextblock) positions.push(pos);
    let checked = 0;
    for (const from of positions) {
      for (const to of positions.filter((pos) => pos >= from)) {
        const state = EditorState.create({ doc: source, selection: TextSelection.create(source, from, to) });
        expect([from, to, selectionTouchesChange(state)]).toEqual([from, to, acceptChangesInSelection(state) !== null]);
        checked++;
      }
    }
    expect(checked).toBe((positions.length * (positions.length + 1)) / 2);
  });
});
