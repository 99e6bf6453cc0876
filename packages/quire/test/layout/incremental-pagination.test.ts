// Pagination after an edit: the layout takes over the pages of the last one that the edit left as
// they were, and the pages are those a layout from scratch gives, on real documents.
import { readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { describe, expect, it } from 'vitest';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { LayoutCache } from '../../src/layout/layout-cache.js';
import { layoutDocument, type LaidOutDocument } from '../../src/layout/layout-document.js';
import type { TextMeasurer } from '../../src/layout/text-measurer.js';
import { build, fileDecorationMetrics, fileLineMetrics } from '../../src/model/index.js';
import { readDocx } from '../../src/readers/index.js';
import { asciiFontSource } from './fixed-width-fonts.js';

const FIXTURES = new URL('../../../../test/fixtures/docx/', import.meta.url);
const catalog = new FontCatalog(asciiFontSource);
const measurer: TextMeasurer = {
  advance: (text) => [...text].length * 0.5,
  lineMetrics: (file) => fileLineMetrics(file),
  decorationMetrics: (file) => fileDecorationMetrics(file),
  drawsAll: () => true,
};

async function read(name: string): Promise<Node> {
  return (await readDocx(new Uint8Array(readFileSync(new URL(name, FIXTURES))))).value;
}

function layout(doc: Node, cache?: LayoutCache): LaidOutDocument {
  return layoutDocument(doc, { catalog, measurer, recordBoxes: true, ...(cache ? { cache } : {}) });
}

/** The pages as plain data: their ops, where they start, their parts and body bounds. */
function pagesOf(laidOut: LaidOutDocument) {
  return laidOut.pages.map((page) => ({
    section: page.section,
    ops: page.ops.map((op) => ({ ...op, file: op.kind === 'text' ? op.file.key : undefined })),
    start: page.start && { node: page.start.node, offset: page.start.offset, top: page.start.top, ops: page.start.ops },
    parts: page.parts,
    outline: page.outline,
    textOps: page.textOps,
    bodyTop: page.bodyTop,
    bodyEnd: page.bodyEnd,
    footnotesTop: page.footnotesTop,
  }));
}

/** The boxes of the document's textblocks, by their text and place. */
function boxesOf(doc: Node, laidOut: LaidOutDocument) {
  const boxes: unknown[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) boxes.push([pos, laidOut.boxes.get(node) && { ...laidOut.boxes.get(node) }]);
    return !node.isTextblock;
  });
  return boxes;
}

/** Positions in the middle of text runs of paragraphs at the given fractions of the sections' text runs. */
function textPositions(doc: Node, fractions: readonly number[]): number[] {
  const texts: number[] = [];
  doc.forEach((child, offset) => {
    if (child.type.name !== 'section') return;
    child.descendants((node, pos) => {
      const at = offset + 1 + pos + Math.floor(node.nodeSize / 2);
      if (node.isText && doc.resolve(at).parent.type.name === 'paragraph') texts.push(at);
      return node.type.name !== 'header_footer';
    });
  });
  return fractions.map((fraction) => texts[Math.min(Math.floor(fraction * texts.length), texts.length - 1)]!);
}

type Edit = (doc: Node, at: number) => Node;
const typed = (doc: Node, at: number, text: string) => new Transform(doc).insert(at, doc.type.schema.text(text, doc.resolve(at).marks())).doc;
const EDITS: Record<string, Edit> = {
  'a few letters typed': (doc, at) => typed(doc, at, 'typed'),
  'a line of words typed': (doc, at) => typed(doc, at, ' and many more words typed here to fill a line or two'.repeat(3)),
  'a paragraph split': (doc, at) => new Transform(doc).split(at).doc,
  'a word deleted': (doc, at) => new Transform(doc).delete(at, Math.min(at + 4, doc.resolve(at).end())).doc,
};

describe('incremental pagination', () => {
  for (const fixture of ['superdoc-40-pages.docx', 'superdoc-basic-footnotes.docx', 'superdoc-two_column_two_page.docx', 'superdoc-h_f-normal-odd-even.docx', 'superdoc-table-merged-cells.docx', 'pandoc-notes.docx']) {
    it(`gives ${fixture} the pages and boxes of a layout from scratch after each of a series of edits`, async () => {
      let doc = await read(fixture);
      const cache = new LayoutCache();
      layout(doc, cache);
      for (const [name, edit] of Object.entries(EDITS)) {
        for (const fraction of [0.05, 0.5, 0.95]) {
          const [at] = textPositions(doc, [fraction]);
          doc = edit(doc, at!);
          const again = layout(doc, cache);
          const fresh = layout(doc);
          expect(pagesOf(again), `${name} at ${at}`).toEqual(pagesOf(fresh));
          expect(boxesOf(doc, again), `${name} at ${at}`).toEqual(boxesOf(doc, fresh));
        }
      }
    });
  }

  it('moves a heading back to the page before when the paragraph it keeps with gets shorter, as a layout from scratch does', () => {
    const { doc: document, section, p, heading } = build;
    // Headings stay with the first lines of the paragraph after them; paragraphs of varied length put headings at page tops.
    const blocks = Array.from({ length: 60 }, (_, index) => [
      p(`Filler ${index} ${'word '.repeat(40 + ((index * 37) % 90))}`),
      heading(2, `Heading ${index}`),
      p(`Kept ${index} ${'text '.repeat(30)}`),
    ]).flat();
    let doc = document(section(...blocks));
    const cache = new LayoutCache();
    layout(doc, cache);
    let edits = 0;
    for (let index = 0; index < 60; index += 1) {
      // Shorten the paragraph after heading `index` to one line: the heading and it take less room.
      let from = -1;
      doc.descendants((node, pos) => {
        if (from < 0 && node.type.name === 'paragraph' && node.textContent.startsWith(`Kept ${index} `)) from = pos + 1;
        return from < 0;
      });
      doc = new Transform(doc).delete(from + `Kept ${index} `.length + 10, from + doc.nodeAt(from - 1)!.content.size).doc;
      edits += 1;
      expect(pagesOf(layout(doc, cache)), `after shortening paragraph ${index}`).toEqual(pagesOf(layout(doc)));
    }
    expect(edits).toBe(60);
  });

  it('paints again only the pages around a paragraph whose line count an edit leaves as it was', async () => {
    let doc = await read('superdoc-40-pages.docx');
    const cache = new LayoutCache();
    const before = layout(doc, cache).pages;
    const [middle] = textPositions(doc, [0.5]);
    doc = typed(doc, middle!, 'x');
    const after = layout(doc, cache).pages;
    expect(after.length).toBe(before.length);
    // A page taken over keeps the very ops the last layout painted; a page painted again has new ones.
    const painted = after.filter((page, index) => page.ops[0] !== before[index]?.ops[0]);
    expect(before.length).toBeGreaterThan(30);
    expect(painted.length).toBeGreaterThan(0);
    expect(painted.length).toBeLessThanOrEqual(3);
  });
});
