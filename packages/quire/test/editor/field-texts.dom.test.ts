// @vitest-environment happy-dom
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { showFieldTexts } from '../../src/editor/pages/field-texts.js';

const { doc, section, p, field } = build;

afterEach(() => {
  document.body.replaceChildren();
});

function viewOf(model: ReturnType<typeof doc>): EditorView {
  const place = document.createElement('div');
  document.body.append(place);
  return new EditorView(place, { state: EditorState.create({ doc: model }) });
}

const fieldElements = (view: EditorView) => [...view.dom.querySelectorAll('.quire-field')].map((element) => element.textContent);

describe('page field texts in the editor', () => {
  it('shows the texts the layout computed in place of the cached results, and leaves the document as it was', () => {
    const page = field('PAGE', '1');
    const reference = field('PAGEREF', '2', { bookmark: '_Toc1' });
    const model = doc(section(p('on page ', page), p('Scope\t', reference)));
    const view = viewOf(model);
    expect(fieldElements(view)).toEqual(['1', '2']);
    showFieldTexts(view, new Map([[page, '3'], [reference, 'iv']]));
    expect(fieldElements(view)).toEqual(['3', 'iv']);
    expect(view.state.doc).toBe(model);
  });

  it('finds a field whose paragraph was edited after the layout, and leaves fields the layout did not compute', () => {
    const page = field('PAGE', '1');
    const view = viewOf(doc(section(p('on page ', page), p('in a note ', field('NUMPAGES', '9')))));
    view.dispatch(view.state.tr.insertText('now ', 2));
    showFieldTexts(view, new Map([[page, '5']]));
    expect(view.state.doc.firstChild!.firstChild!.textContent).toBe('now on page 1');
    expect(fieldElements(view)).toEqual(['5', '9']);
  });
});
