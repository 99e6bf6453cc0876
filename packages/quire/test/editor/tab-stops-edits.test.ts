import fc from 'fast-check';
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import type { DecorationSet } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/model/index.js';
import { tabStops } from '../../src/editor/view/tab-stops.js';

const plugin = tabStops(() => null);

/** The tab positions the plugin keeps, as the decorations it shows them with. */
const shownTabs = (state: EditorState) =>
  (plugin.spec.props!.decorations!.call(plugin, state) as DecorationSet)
    .find()
    .filter((decoration) => decoration.to === decoration.from + 1)
    .map((decoration) => decoration.from)
    .sort((a, b) => a - b);

/** Every tab character of the document, found by walking all of it. */
function allTabs(doc: Node): number[] {
  const tabs: number[] = [];
  doc.descendants((node, pos) => {
    if (node.isText) for (let i = 0; i < node.text!.length; i++) if (node.text![i] === '\t') tabs.push(pos + i);
    return true;
  });
  return tabs;
}

const paragraph = (text: string) => schema.node('paragraph', null, text ? [schema.text(text)] : []);
const start = () =>
  EditorState.create({
    doc: schema.node('doc', null, [schema.node('section', null, [paragraph('Contents\t1'), paragraph('Scope\t2\tA'), paragraph('plain text'), paragraph('\tlead')])]),
    plugins: [plugin],
  });

// An edit at two positions (taken modulo the document's text positions): type text, a tab, delete, or split the paragraph.
const edit = fc.record({ kind: fc.constantFrom('type', 'tab', 'delete', 'split'), a: fc.nat(), b: fc.nat(), text: fc.constantFrom('x', 'a\tb', '\t\t', 'word') });

describe('tabs after edits', () => {
  it('finds every tab of the document, and only those, after any sequence of edits, searching only the text each edit touched', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        let state = start();
        for (const { kind, a, b, text } of edits) {
          const size = state.doc.content.size;
          const from = TextSelection.between(state.doc.resolve(Math.min(2 + (a % size), size - 1)), state.doc.resolve(Math.min(2 + (a % size), size - 1))).from;
          const to = TextSelection.between(state.doc.resolve(Math.min(from + (b % 12), size - 1)), state.doc.resolve(Math.min(from + (b % 12), size - 1))).from;
          const tr = state.tr;
          if (kind === 'type') tr.insertText(text, from);
          else if (kind === 'tab') tr.insertText('\t', from);
          else if (kind === 'delete') tr.delete(Math.min(from, to), Math.max(from, to));
          else if (state.doc.resolve(from).parent.isTextblock) tr.split(from);
          state = state.apply(tr);
          expect(shownTabs(state)).toEqual(allTabs(state.doc));
        }
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });
});
