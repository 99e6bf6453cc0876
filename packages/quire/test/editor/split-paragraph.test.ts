import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { splitParagraphKeepingLook } from '../../src/editor/commands/split-paragraph.js';
import { schema } from '../../src/model/index.js';

const paragraph = (attrs: Record<string, unknown>, text: string) => schema.node('paragraph', attrs, [schema.text(text)]);
const heading = (text: string) => schema.node('heading', { level: 1 }, [schema.text(text)]);

/** Presses Enter with the cursor `offset` characters into the first block of a one-section document of `blocks`. */
function enterIn(blocks: ReturnType<typeof paragraph>[], offset: number) {
  const doc = schema.node('doc', null, [schema.node('section', null, blocks)]);
  const state = EditorState.create({ doc, selection: TextSelection.create(doc, 2 + offset) });
  let next = state;
  expect(splitParagraphKeepingLook(state, (tr) => (next = state.apply(tr)))).toBe(true);
  const section = next.doc.child(0);
  return Array.from({ length: section.childCount }, (_, index) => section.child(index));
}

const centred = { align: 'center', styleId: 'Quote', spacing: { before: 0, after: 240 }, sourceId: 'p1', anchors: ['intro'], pageBreakBefore: true };

describe('Enter', () => {
  it('makes the paragraph after a centred one centred, in the same style and spacing, as Word does', () => {
    const [first, made] = enterIn([paragraph(centred, 'Title line')], 'Title line'.length);
    expect(first!.attrs).toMatchObject({ align: 'center', sourceId: 'p1', anchors: ['intro'] });
    expect(made!.type.name).toBe('paragraph');
    expect(made!.attrs).toMatchObject({ align: 'center', styleId: 'Quote', spacing: { before: 0, after: 240 } });
  });

  it('gives the new paragraph neither the source XML, the bookmarks nor the page break of the one it follows', () => {
    const [, made] = enterIn([paragraph(centred, 'Title line')], 'Title line'.length);
    expect(made!.attrs).toMatchObject({ sourceId: null, anchors: null, pageBreakBefore: false });
  });

  it('makes a body paragraph after a heading', () => {
    const [, made] = enterIn([heading('Scope')], 'Scope'.length);
    expect(made!.type.name).toBe('paragraph');
    expect(made!.attrs['styleId']).toBeNull();
  });

  it('keeps the look on both sides of a split inside a paragraph', () => {
    const [first, second] = enterIn([paragraph({ align: 'right' }, 'left half right half')], 'left half'.length);
    expect([first!.textContent, second!.textContent]).toEqual(['left half', ' right half']);
    expect([first!.attrs['align'], second!.attrs['align']]).toEqual(['right', 'right']);
  });
});
