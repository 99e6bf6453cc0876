// A picture anchored in a paragraph near the foot of a page, which does not fit below the
// paragraph's first line there: it goes on to the paragraph's part on the next page, at its
// offset below that part's top, and the lines before it run across the column on both pages, as
// LibreOffice sets it.
import type { Node } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { describe, expect, it } from 'vitest';
import { findFloatTurn } from '../../src/layout/float-turn.js';
import type { FloatImage } from '../../src/layout/float-wrap.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { LayoutCache } from '../../src/layout/layout-cache.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import type { PaintOp } from '../../src/layout/paint-op.js';
import { build, type ImageFloat } from '../../src/model/index.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, p, img, br } = build;

// A picture 150 × 200 pt at the left of the column, 30 pt below the top of its paragraph's first line.
const PICTURE_Y = 600;
const picture = () => img({ src: 'media/a.png', width: 3000, height: 4000, float: { wrap: 'square', x: 0, y: PICTURE_Y, align: null } });
const subjectText = Array.from({ length: 1500 }, (_, index) => `s${index}`).join(' ');

const layOut = (model: Node, cache?: LayoutCache) =>
  layoutDocument(model, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer, ...(cache ? { cache } : {}) }).pages;

/** A paragraph of `count` short lines. */
const filler = (count: number) => p(...Array.from({ length: count }, (_, index) => [`f${index}`, ...(index < count - 1 ? [br()] : [])]).flat());

/** The lines of the picture's paragraph on a page, top to bottom: where each starts and its baseline. */
function subjectLines(page: LaidOutPage): { x: number; y: number }[] {
  const lines = new Map<number, number>();
  for (const op of page.ops) if (op.kind === 'text' && /^s\d/.test(op.text.trim())) lines.set(op.y, Math.min(lines.get(op.y) ?? Infinity, op.x));
  return [...lines].map(([y, x]) => ({ x, y })).sort((a, b) => a.y - b.y);
}

const imageOf = (page: LaidOutPage) => page.ops.find((op): op is Extract<PaintOp, { kind: 'image' }> => op.kind === 'image');

/** A document whose picture paragraph starts six lines above the foot of its first page. */
function documentWithPictureNearFoot(): Node {
  const linesPerPage = subjectLines(layOut(doc(section(p(subjectText))))[0]!).length;
  return doc(section(filler(linesPerPage - 6), p(picture(), subjectText)));
}

describe('a picture that does not fit below its paragraph at the foot of a page', () => {
  it('goes on to the next page at its offset below the top of its paragraph there, the lines before it running across the column to the foot of the first page', () => {
    const pages = layOut(documentWithPictureNearFoot());
    const [first, second] = pages;
    expect(imageOf(first!)).toBeUndefined();
    const image = imageOf(second!)!;
    expect(image.y).toBeCloseTo(second!.start!.top + PICTURE_Y / 20, 1);
    // On the first page the paragraph's lines start at the margin and fill it: no further line has room.
    const before = subjectLines(first!);
    expect(before.length).toBeGreaterThan(1);
    for (const line of before) expect(line.x).toBeCloseTo(first!.geometry.left, 3);
    const pitch = before[1]!.y - before[0]!.y;
    expect(first!.bodyBottom - before.at(-1)!.y).toBeLessThan(pitch);
    // On the next page the lines above the picture run across the column, those beside it to its right.
    const after = subjectLines(second!);
    const above = after.filter((line) => line.y < image.y);
    const beside = after.filter((line) => line.y > image.y + pitch && line.y < image.y + image.height);
    expect(above.length).toBeGreaterThan(0);
    for (const line of above) expect(line.x).toBeCloseTo(second!.geometry.left, 3);
    expect(beside.length).toBeGreaterThan(0);
    for (const line of beside) expect(line.x).toBeGreaterThanOrEqual(image.x + image.width);
  });

  it('is placed so in a layout of the document being edited, as in one from scratch, also after an edit below it', () => {
    const model = documentWithPictureNearFoot();
    const cache = new LayoutCache();
    const fromScratch = layOut(model);
    const firstLayout = layOut(model, cache);
    expect(firstLayout.map((page) => page.ops)).toEqual(fromScratch.map((page) => page.ops));
    // An edit at the end of the picture's paragraph, pages below the picture.
    const edited = new Transform(model).insert(model.content.size - 2, model.type.schema.text(' more')).doc;
    expect(layOut(edited, cache).map((page) => page.ops)).toEqual(layOut(edited).map((page) => page.ops));
  });
});

describe('findFloatTurn', () => {
  // A picture 50 pt tall, `y` twips below the first line.
  const image = (float: Partial<ImageFloat>): FloatImage => ({ float: { wrap: 'square', x: 0, y: 0, align: null, ...float }, width: 100, height: 50, paint: () => undefined });

  it('moves the pictures whose offset takes them below the foot of the page, after the rows of whole twips that fit above it', () => {
    const turn = findFloatTurn([image({ y: 0 }), image({ y: 400 })], 55, 12.04, 20);
    // 55 pt hold four rows of 12.05 pt (12.04 rounded up to whole twips); the second picture ends 70 pt down.
    expect(turn).toEqual({ rows: 4, moved: [false, true] });
  });

  it('moves no picture that fits, none that text does not wrap around, and none of a paragraph without a part on the next page', () => {
    expect(findFloatTurn([image({ y: 0 })], 55, 12, 20)).toBeUndefined();
    expect(findFloatTurn([image({ wrap: 'none', y: 400 })], 55, 12, 20)).toBeUndefined();
    expect(findFloatTurn([image({ y: 400 })], 55, 12, 4)).toBeUndefined();
  });
});
