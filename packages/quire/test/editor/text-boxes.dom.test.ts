// @vitest-environment happy-dom
import { baseKeymap } from 'prosemirror-commands';
import { undo, history } from 'prosemirror-history';
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorPosition } from '../../src/editor/view/anchor-position.js';
import { readDocx } from '../../src/readers/index.js';
import { buildTestDocx } from '../../../../test/support/docx-package.js';
import { documentElement, mount, mountFixture, readFixture } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

// Two anchored text boxes, each as wide as the text and centred on the column, in the first
// paragraph of an A4 page with 1418-twip margins: "Last update" at the bottom of the margin
// (385200 EMUs high), the title in the middle of it (2070000 EMUs high), neither wrapping text.
const FIXTURE = 'pandoc-text_in_shape_format.docx';
const EMUS_PER_PIXEL = 9525;
const PAGE_HEIGHT = 16838 / 15;
const MARGIN = 1418 / 15;

function boxHolding(root: HTMLElement, text: string): HTMLElement {
  const box = [...root.querySelectorAll<HTMLElement>('.quire-text-box')].find((element) => element.textContent?.includes(text));
  if (!box) throw new Error(`no text box shows ${JSON.stringify(text)}`);
  return box;
}

function pixels(style: CSSStyleDeclaration, name: string): number {
  return Number.parseFloat(style.getPropertyValue(name));
}

describe('anchored text boxes in the editor', () => {
  it('stand on the sheet at their position relative to the margins, not in the text where they are anchored', async () => {
    const { element } = await mountFixture(FIXTURE);
    const root = documentElement(element);
    const footer = boxHolding(root, 'Last update');
    const title = boxHolding(root, 'Valter Kiisk');
    expect(footer.dataset['place']).toBe('page');
    expect(title.dataset['place']).toBe('page');
    // Centred on a column as wide as the box: at the left margin.
    expect(pixels(footer.style, '--quire-box-left')).toBeCloseTo(MARGIN, 0);
    expect(pixels(footer.style, '--quire-box-width')).toBeCloseTo(5759450 / EMUS_PER_PIXEL, 0);
    // Bottom of the margin: the page's height less the bottom margin and the box's height.
    expect(pixels(footer.style, '--quire-box-top')).toBeCloseTo(PAGE_HEIGHT - MARGIN - 385200 / EMUS_PER_PIXEL, 0);
    expect(pixels(footer.style, '--quire-box-height')).toBeCloseTo(385200 / EMUS_PER_PIXEL, 0);
    // Middle of the margin.
    expect(pixels(title.style, '--quire-box-top')).toBeCloseTo(MARGIN + (PAGE_HEIGHT - 2 * MARGIN - 2070000 / EMUS_PER_PIXEL) / 2, 0);
    // The box's insets (1 mm, 36000 EMUs) are its padding.
    expect(pixels(footer.style, '--quire-box-inset-left')).toBeCloseTo(36000 / EMUS_PER_PIXEL, 0);
    // The boxes' text is still in the document, editable.
    expect(footer.closest('[contenteditable="true"]')).not.toBeNull();
    expect(footer.querySelector('p')?.textContent).toContain('Last update');
  });

  it('place boxes relative to the page, the margins or the paragraph as Word does', () => {
    const geometry = {
      pageSize: { width: 12240, height: 15840 },
      orientation: 'portrait' as const,
      margins: { top: 1440, right: 1440, bottom: 1440, left: 1440, header: 720, footer: 720, gutter: 0 },
    };
    const px = (twips: number) => Math.round((twips / 15) * 100) / 100;
    const page = anchorPosition({ wrap: 'none', x: 720, y: 0, align: null, relativeH: 'page', relativeV: 'page', pageY: 2880 }, 2000, 1000, geometry, true);
    expect(page).toEqual({ placement: 'page', left: px(720), top: px(2880), offset: 0 });
    const right = anchorPosition({ wrap: 'none', x: 0, y: 0, align: 'right', relativeH: 'margin', relativeV: 'bottomMargin', alignV: 'top' }, 2000, 1000, geometry, true);
    expect(right).toEqual({ placement: 'page', left: px(12240 - 1440 - 2000), top: px(15840 - 1440), offset: 0 });
    // A page position after a page break in the sheet is not known: the box stands at its paragraph.
    expect(anchorPosition({ wrap: 'none', x: 720, y: 0, align: null, relativeV: 'page', pageY: 2880 }, 2000, 1000, geometry, false)).toEqual({ placement: 'over', left: px(1440 + 720), top: 0, offset: 0 });
    // Text wraps around a box only beside it at its paragraph, wherever the box was placed.
    expect(anchorPosition({ wrap: 'square', x: 0, y: 0, align: 'left', relativeV: 'page', pageY: 2880 }, 2000, 1000, geometry, true).placement).toBe('left');
    // Square wrapping relative to the paragraph floats, away from the side the text flows on.
    expect(anchorPosition({ wrap: 'square', x: 6000, y: 300, align: null }, 2000, 1000, geometry, true)).toEqual({ placement: 'right', left: 0, top: px(300), offset: px(9360 - 6000 - 2000) });
    expect(anchorPosition({ wrap: 'square', x: 500, y: 0, align: null }, 2000, 1000, geometry, true)).toEqual({ placement: 'left', left: 0, top: 0, offset: px(500) });
    expect(anchorPosition({ wrap: 'topAndBottom', x: 500, y: 0, align: null }, 2000, 1000, geometry, true)).toEqual({ placement: 'block', left: 0, top: 0, offset: px(500) });
  });
});

describe('anchored pictures over the text', () => {
  it('stand on the sheet at their position relative to the page, and float at their paragraph when text wraps around them', async () => {
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII='), (c) => c.charCodeAt(0));
    const picture = (wrap: string) =>
      `<w:r><w:drawing><wp:anchor simplePos="0" behindDoc="1"><wp:positionH relativeFrom="page"><wp:posOffset>1270000</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>2540000</wp:posOffset></wp:positionV>` +
      `<wp:extent cx="1270000" cy="635000"/>${wrap}<wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr>` +
      '<pic:blipFill><a:blip r:embed="rIdPng"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>';
    const body = `<w:p>${picture('<wp:wrapNone/>')}<w:r><w:t>over</w:t></w:r></w:p><w:p>${picture('<wp:wrapSquare wrapText="bothSides"/>')}<w:r><w:t>beside</w:t></w:r></w:p>`;
    const { editor, element } = mount({ document: buildTestDocx({ body, media: { 'media/image1.png': png }, relationships: [{ id: 'rIdPng', type: 'image', target: 'media/image1.png' }] }) });
    await editor.ready;
    const [over, beside] = [...documentElement(element).querySelectorAll<HTMLElement>('.quire-image')];
    expect(over!.dataset['wrap']).toBe('page');
    expect(over!.dataset['behind']).toBe('true');
    expect(pixels(over!.style, '--quire-box-left')).toBeCloseTo(1270000 / EMUS_PER_PIXEL, 1);
    expect(pixels(over!.style, '--quire-box-top')).toBeCloseTo(2540000 / EMUS_PER_PIXEL, 1);
    expect(beside!.dataset['wrap']).toBe('left');
  });
});

describe('editing in an anchored text box', () => {
  async function boxState(): Promise<EditorState> {
    const { value } = await readDocx(readFixture(FIXTURE), { keepSources: true, images: 'reference' });
    return EditorState.create({ doc: value, plugins: [history()] });
  }

  function positionIn(doc: Node, text: string): number {
    let found = -1;
    doc.descendants((node, pos) => {
      if (found < 0 && node.isText && node.text!.includes(text)) found = pos + node.text!.indexOf(text);
      return found < 0;
    });
    if (found < 0) throw new Error(`no text ${JSON.stringify(text)}`);
    return found;
  }

  function run(state: EditorState, command: Command): EditorState {
    let next = state;
    command(state, (tr) => (next = state.apply(tr)));
    return next;
  }

  function boxTexts(doc: Node): string[][] {
    const boxes: string[][] = [];
    doc.descendants((node) => {
      if (node.type.name !== 'text_box') return true;
      const paragraphs: string[] = [];
      node.forEach((child) => paragraphs.push(child.textContent));
      boxes.push(paragraphs);
      return false;
    });
    return boxes;
  }

  it('keeps typing, Enter and Backspace inside the box, and undo restores it', async () => {
    const start = await boxState();
    const before = boxTexts(start.doc);
    expect(before.length).toBe(2);
    let state = start.apply(start.tr.setSelection(TextSelection.create(start.doc, positionIn(start.doc, 'Last update'))));
    state = state.apply(state.tr.insertText('New. '));
    state = run(state, baseKeymap['Enter']!);
    expect(boxTexts(state.doc)[0]).toEqual(['New. ', 'Last update: May 1, 2017']);
    // Backspace at the start of the box's first paragraph does not leave the box.
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, positionIn(state.doc, 'New.'))));
    state = run(state, baseKeymap['Backspace']!);
    expect(boxTexts(state.doc).length).toBe(2);
    expect(boxTexts(state.doc)[0]![0]).toBe('New. ');
    for (let step = 0; step < 5; step++) state = run(state, undo);
    expect(state.doc.eq(start.doc)).toBe(true);
  });
});
