import { describe, expect, it } from 'vitest';
import { estimateLines } from '../../src/editor/view/block-lines.js';
import { createRenderContext } from '../../src/editor/view/render-context.js';
import type { ImageStore } from '../../src/editor/view/image-store.js';
import { doc, img, li, p, section, table, td, tr, ul } from '../../src/model/builders.js';
import type { Node } from 'prosemirror-model';

const noImages = {} as ImageStore;
const words = (count: number) => Array.from({ length: count }, () => 'lorem').join(' ');

function linesIn(block: Node, sectionAttrs: Record<string, unknown> = {}): number {
  const document = doc(section(sectionAttrs, block));
  return estimateLines(block, createRenderContext({} as Document, document, [], noImages));
}

describe('estimateLines', () => {
  it('counts one line for a short paragraph and more the longer its text', () => {
    expect(linesIn(p('A short line.'))).toBe(1);
    // 600 words of 6 characters in Calibri 11 on A4 with Word's margins: about 38 lines.
    const long = linesIn(p(words(600)));
    expect(long).toBeGreaterThan(30);
    expect(long).toBeLessThan(45);
  });

  it('counts more lines for the same text in a narrower column', () => {
    const text = words(300);
    const narrow = linesIn(p(text), { margins: { top: 1440, right: 4320, bottom: 1440, left: 4320, header: 720, footer: 720, gutter: 0 } });
    expect(narrow).toBeGreaterThan(linesIn(p(text)) * 1.5);
  });

  it('adds a picture in the lines of text it is as tall as', () => {
    expect(linesIn(p('Picture: ', img({ src: 'media/a.png', width: 1440, height: 2880 })))).toBeGreaterThanOrEqual(9);
  });

  it('counts a list by its items and a table by the tallest cell of each row', () => {
    expect(linesIn(ul(li(p('one')), li(p('two')), li(p(words(200)))))).toBeGreaterThan(12);
    expect(linesIn(table(tr(td(p('a')), td(p(words(100)))), tr(td(p('b')), td(p('c')))))).toBeGreaterThan(10);
  });
});
