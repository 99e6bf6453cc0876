// @vitest-environment happy-dom
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { afterEach, describe, expect, it } from 'vitest';
import { schema } from '../../src/model/index.js';
import { tabLookAt, tabStops, type TabPlacement } from '../../src/editor/view/tab-stops.js';

afterEach(() => {
  document.body.replaceChildren();
});

// A right stop with dot leaders at the margin of an A4 page with one-inch margins (9026 twips, about 601.7 px).
const RIGHT_STOP = [{ position: 9026, align: 'right', leader: 'dot' }];

// The tab stands at position 14: after the section's and the paragraph's openings and "Introduction".
const TAB = 14;

function contentsLine(tabs: unknown = RIGHT_STOP) {
  return schema.node('doc', null, [schema.node('section', null, [schema.node('paragraph', { tabs }, [schema.text('Introduction\t12')])])]);
}

describe('tabs in the editor', () => {
  it('ends the text after a tab at a right stop, and before the next default stop without custom stops', () => {
    const placement: TabPlacement = { x: 80, lineEnd: 600, following: 14, beforeDecimal: 14 };
    expect(tabLookAt(contentsLine(), TAB, placement).width).toBeCloseTo(9026 / 15 - 80 - 14, 1);
    expect(tabLookAt(contentsLine(), TAB, placement).leader).toBe('dot');
    // Default stops every half inch (48 px): from 80 px the next is at 96 px, whatever follows.
    expect(tabLookAt(contentsLine(null), TAB, placement)).toEqual({ width: 16, leader: null });
  });

  it('shows each tab as a space as wide as its stop asks, with the stop’s leader, measured after layout', async () => {
    const place = document.createElement('div');
    document.body.append(place);
    const measure = (): TabPlacement => ({ x: 80, lineEnd: 600, following: 14, beforeDecimal: 14 });
    const view = new EditorView(place, { state: EditorState.create({ doc: contentsLine(), plugins: [tabStops(measure)] }) });
    await new Promise((done) => setTimeout(done, 50));
    const space = view.dom.querySelector<HTMLElement>('.quire-tab')!;
    expect(parseFloat(space.style.width)).toBeCloseTo(9026 / 15 - 80 - 14, 1);
    expect(space.dataset['leader']).toBe('dot');
    expect(view.dom.querySelector('.quire-tab-char')?.textContent).toBe('\t');
    // Measuring is not an edit: the document and its undo history stay as they were.
    expect(view.state.doc.textContent).toBe('Introduction\t12');
    view.destroy();
  });

  it('measures again whenever web fonts finish loading, also those the editor adds after the first layout', async () => {
    const fonts = new EventTarget();
    Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign(fonts, { ready: Promise.resolve(fonts) }) });
    try {
      const place = document.createElement('div');
      document.body.append(place);
      // The title in the fallback font, then 6 px wider in the web font.
      let placement: TabPlacement = { x: 80, lineEnd: 600, following: 14, beforeDecimal: 14 };
      const view = new EditorView(place, { state: EditorState.create({ doc: contentsLine(), plugins: [tabStops(() => placement)] }) });
      await new Promise((done) => setTimeout(done, 50));
      const width = () => parseFloat(view.dom.querySelector<HTMLElement>('.quire-tab')!.style.width);
      expect(width()).toBeCloseTo(9026 / 15 - 80 - 14, 1);
      placement = { ...placement, x: 86, lineEnd: 594 };
      fonts.dispatchEvent(new Event('loadingdone'));
      await new Promise((done) => setTimeout(done, 50));
      expect(width()).toBeCloseTo(9026 / 15 - 86 - 14, 1);
      view.destroy();
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });
});
