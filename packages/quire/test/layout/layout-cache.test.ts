// The layout cache: laying a document out again after an edit breaks only the changed blocks into
// lines, and gives the pages a layout from scratch gives.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { LayoutCache } from '../../src/layout/layout-cache.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { asciiFontSource } from './fixed-width-fonts.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { TextMeasurer } from '../../src/layout/text-measurer.js';
import { build, fileDecorationMetrics, fileLineMetrics } from '../../src/model/index.js';

const { doc, section, p, footnote, footnoteRef } = build;


/** Half an em per character; counts the texts it measures. */
function countingMeasurer(): TextMeasurer & { measured: string[] } {
  const measured: string[] = [];
  return {
    measured,
    advance: (text) => {
      measured.push(text);
      return [...text].length * 0.5;
    },
    lineMetrics: (file) => fileLineMetrics(file),
    decorationMetrics: (file) => fileDecorationMetrics(file),
    drawsAll: () => true,
  };
}

const catalog = new FontCatalog(asciiFontSource);
const paragraphs = (count: number) => Array.from({ length: count }, (_, index) => p(`Paragraph ${index} ${'word '.repeat(40)}`));

/** The pages as plain data: every op of every page, and where each starts. */
function pagesOf(model: Node, cache?: LayoutCache) {
  const measurer = countingMeasurer();
  const laidOut = layoutDocument(model, { catalog, measurer, recordBoxes: true, ...(cache ? { cache } : {}) });
  const pages = laidOut.pages.map((page) => ({ ops: page.ops.map((op) => ({ ...op, file: op.kind === 'text' ? op.file.key : undefined })), start: page.start && { text: page.start.node.textContent.slice(0, 12), offset: page.start.offset, top: page.start.top } }));
  return { pages, measured: measurer.measured, boxes: laidOut.boxes };
}

describe('LayoutCache', () => {
  it('lays out again only the paragraph that changed, and gives the pages a layout from scratch gives', () => {
    const body = paragraphs(120);
    const first = doc(section(...body));
    const cache = new LayoutCache();
    const initial = pagesOf(first, cache);
    expect(initial.measured.length).toBeGreaterThan(0);

    const edited = body.map((paragraph, index) => (index === 60 ? p(`${paragraph.textContent} and more words typed here`) : paragraph));
    const second = doc(section(...edited));
    const again = pagesOf(second, cache);
    const fresh = pagesOf(second);
    expect(again.pages).toEqual(fresh.pages);
    // Only the edited paragraph's words were measured again.
    expect(again.measured.length).toBeGreaterThan(0);
    expect(again.measured.every((text) => !/Paragraph (?!60\b)\d+/.test(text))).toBe(true);
    expect(again.measured.length).toBeLessThan(initial.measured.length / 20);
    // The kept paragraphs' boxes are the new layout's.
    expect(again.boxes.size).toBe(fresh.boxes.size);
  });

  it('numbers footnotes afresh in the order of their references after a reference is added before them', () => {
    const note = (id: string) => footnote(id, p(`Note ${id}`));
    const cache = new LayoutCache();
    const before = doc(section(p('Text', footnoteRef('a')), ...paragraphs(5)), note('a'), note('b'));
    pagesOf(before, cache);
    const after = doc(section(p('Earlier', footnoteRef('b')), p('Text', footnoteRef('a')), ...paragraphs(5)), note('a'), note('b'));
    expect(pagesOf(after, cache).pages).toEqual(pagesOf(after).pages);
  });

  it('forgets what it kept when the document defaults change', () => {
    const cache = new LayoutCache();
    const body = paragraphs(10);
    pagesOf(doc(section(...body)), cache);
    const restyled = doc({ defaults: { body: { fontSize: 14 } } }, section(...body));
    const again = pagesOf(restyled, cache);
    expect(again.pages).toEqual(pagesOf(restyled).pages);
    expect(again.measured.some((text) => text.includes('Paragraph 3'))).toBe(true);
  });
});
