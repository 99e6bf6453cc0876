// The layout's markup: the pages (and so the PDF and the editor's pages) show a document's tracked
// changes as if accepted (`none`), as if rejected (`original`) or both, marked as Word prints all
// markup (`all`), with the comments in a margin beside each page.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/support/fixture-files.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { placeCommentMargins } from '../../src/layout/comment-margin.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import { AUTHOR_COLOURS, authorColourSlot, build } from '../../src/model/index.js';
import type { ReviewComment, ReviewMarkup } from '../../src/model/index.js';
import { readDocx } from '../../src/readers/index.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, p, ins, del, commented, table, tr, td } = build;

const FIXTURES = ['superdoc-msword-tracked-changes.docx', 'superdoc-gdocs-tracked-changes.docx', 'superdoc-gdocs-comments-export.docx', 'python-docx-comments-rich-para.docx'];
const MARKUPS: readonly ReviewMarkup[] = ['none', 'all', 'original'];

const fonts = { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer };
const layOut = (model: Node, markup: ReviewMarkup) => layoutDocument(model, { ...fonts, markup, recordBoxes: true });
// Pages as the PDF prints them: laid out in `markup`, with the comment margin in all markup.
const printed = (model: Node, markup: ReviewMarkup, comments: readonly ReviewComment[]) => {
  const { pages } = layOut(model, markup);
  return { pages: markup === 'all' ? placeCommentMargins(model, pages, comments, fonts) : pages };
};

/** The document's own text painted on the pages, without white space (lines break where they will). */
function pagesText(pages: readonly LaidOutPage[]): string {
  return pages.flatMap((page) => page.ops.slice(0, page.textOps).flatMap((op) => (op.kind === 'text' ? [op.text] : []))).join('').replace(/\s+/g, '');
}

/** The text a markup keeps, read from the marks: deletions go once accepted, insertions once rejected. */
function keptText(model: Node, markup: ReviewMarkup): string {
  const gone = markup === 'none' ? 'deletion' : markup === 'original' ? 'insertion' : null;
  let text = '';
  model.descendants((node) => {
    if (node.isText && !node.marks.some((mark) => mark.type.name === gone)) text += node.text;
    return true;
  });
  return text.replace(/\s+/g, '');
}

const change = (kind: 'insertion' | 'deletion', author = 'Ada') => ({ kind, id: '9', author, date: '2026-01-02T03:04:00Z' });
const mark = (author: string) => ({ id: '1', author, date: '2026-01-02T03:04:00Z', move: null });

// Change bars: vertical lines left of the page's left margin.
const bars = (page: LaidOutPage) => page.ops.filter((op) => op.kind === 'line' && op.x1 === op.x2 && op.x1 < page.geometry.left);

describe('layoutDocument with markup', () => {
  it.each(FIXTURES)('shows in %s exactly the text each markup keeps', async (name) => {
    const { value } = await readDocx(readFixture(name));
    for (const markup of MARKUPS) expect(pagesText(layOut(value, markup).pages), markup).toBe(keptText(value, markup));
  });

  it('shows the Word fixture as if accepted by default, as if rejected in original and both in all', async () => {
    const { value } = await readDocx(readFixture('superdoc-msword-tracked-changes.docx'));
    const text = (markup?: ReviewMarkup) => pagesText(layoutDocument(value, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer, ...(markup ? { markup } : {}) }).pages);
    expect(text()).toBe(text('none'));
    expect(text('none')).toContain('cool');
    expect(text('none')).not.toContain('basic');
    expect(text('none')).not.toContain('Deleteme');
    expect(text('original')).toContain('basic');
    expect(text('original')).toContain('Deleteme');
    expect(text('original')).not.toContain('cool');
    expect(text('original')).not.toContain('Newtext');
    expect(text('all')).toContain('basiccool');
    expect(text('all')).toContain('Deleteme');
  });

  it('gives two reviewers whose names share a colour slot two colours, in the order they come', () => {
    // "Ann Lawyer" and "Ada Lovelace" hash to one slot: by name alone both would be drawn alike.
    expect(authorColourSlot('Ann Lawyer')).toBe(authorColourSlot('Ada Lovelace'));
    const model = doc(section(p(ins(mark('Ann Lawyer'), 'first'), ' and ', del(mark('Ada Lovelace'), 'second'))));
    const [page] = layOut(model, 'all').pages;
    const colour = (text: string) => (page!.ops.find((op) => op.kind === 'text' && op.text.includes(text)) as { color: string }).color;
    expect([colour('first'), colour('second')]).toEqual([AUTHOR_COLOURS[0], AUTHOR_COLOURS[1]]);
  });

  it('underlines insertions and strikes deletions through in their author\'s colour in all markup', () => {
    const model = doc(section(p('Keep ', ins(mark('Ada'), 'added'), ' and ', del(mark('Grace'), 'removed'), ' text')));
    const [page] = layOut(model, 'all').pages;
    const run = (text: string) => page!.ops.find((op) => op.kind === 'text' && op.text.includes(text)) as Extract<LaidOutPage['ops'][number], { kind: 'text' }>;
    const linesUnder = (text: string) => {
      const found = run(text);
      return page!.ops.filter((op) => op.kind === 'line' && op.y1 === op.y2 && op.x1 === found.x && op.color === found.color).map((op) => (op.kind === 'line' ? op.y1 - found.y : 0));
    };
    // The document's reviewers in the order they come: Ada first, Grace second.
    expect(run('added').color).toBe(AUTHOR_COLOURS[0]);
    expect(run('removed').color).toBe(AUTHOR_COLOURS[1]);
    expect(run('Keep').color).toBe('000000');
    // The underline is below the baseline, the strikethrough above it.
    expect(linesUnder('added').length).toBe(1);
    expect(linesUnder('added')[0]).toBeGreaterThan(0);
    expect(linesUnder('removed').length).toBe(1);
    expect(linesUnder('removed')[0]).toBeLessThan(0);
    const none = layOut(model, 'none').pages[0]!;
    expect(none.ops.some((op) => op.kind === 'text' && op.color !== '000000')).toBe(false);
  });

  it('draws a change bar in the left margin beside each line holding a change in all markup, and none otherwise', () => {
    const model = doc(section(p('Plain'), p('With ', ins(mark('Ada'), 'more')), p('Plain again'), p({ markChange: change('insertion') }, 'A new mark'), p(del(mark('Ada'), 'Gone'))));
    const all = layOut(model, 'all').pages[0]!;
    const lines = [...new Set(all.ops.flatMap((op) => (op.kind === 'text' ? [op.y] : [])))];
    expect(bars(all)).toHaveLength(3);
    // Each bar spans a line with a change: the second, fourth and fifth paragraphs.
    for (const [index, bar] of bars(all).entries()) {
      const baseline = lines[[1, 3, 4][index]!]!;
      expect(bar.kind === 'line' && bar.y1 < baseline && bar.y2 > baseline).toBe(true);
    }
    for (const markup of ['none', 'original'] as const) expect(bars(layOut(model, markup).pages[0]!)).toHaveLength(0);
  });

  it('leaves out a paragraph whose mark and whole text the markup takes away, and keeps one with text left', () => {
    const deleted = p({ markChange: change('deletion') }, del(mark('Ada'), 'Deleted paragraph'));
    const inserted = p({ markChange: change('insertion') }, ins(mark('Ada'), 'Inserted paragraph'));
    const partly = p({ markChange: change('deletion') }, 'Kept ', del(mark('Ada'), 'words'));
    const model = doc(section(p('First'), deleted, inserted, partly, p('Last')));
    const laidOut = (markup: ReviewMarkup) => {
      const { boxes } = layOut(model, markup);
      return model.firstChild!.content.content.map((node) => boxes.has(node));
    };
    expect(laidOut('none')).toEqual([true, false, true, true, true]);
    expect(laidOut('original')).toEqual([true, true, false, true, true]);
    expect(laidOut('all')).toEqual([true, true, true, true, true]);
  });

  it('leaves inserted rows out in original markup and bars them in all markup', () => {
    const row = (text: string, attrs: Record<string, unknown> = {}) => tr(attrs, td(p(text)));
    const model = doc(section(table(row('Old row'), row('New row', { change: change('insertion') }))));
    expect(pagesText(layOut(model, 'original').pages)).toBe('Oldrow');
    expect(pagesText(layOut(model, 'none').pages)).toBe('OldrowNewrow');
    const all = layOut(model, 'all').pages[0]!;
    expect(pagesText([all])).toBe('OldrowNewrow');
    expect(bars(all)).toHaveLength(1);
  });

  it('leaves deleted rows out as if accepted, and shows them in original and all markup', () => {
    const row = (text: string, attrs: Record<string, unknown> = {}, marks: typeof del | null = null) => tr(attrs, td(p(marks ? marks(mark('Ada'), text) : text)));
    const kept = doc(section(table(row('Kept row')), p('After')));
    const model = doc(section(table(row('Kept row'), row('Gone row', { change: change('deletion') }, del)), p('After')));
    expect(layOut(model, 'none').pages[0]!.ops).toEqual(layOut(kept, 'none').pages[0]!.ops);
    expect(pagesText(layOut(model, 'original').pages)).toBe('KeptrowGonerowAfter');
    expect(pagesText(layOut(model, 'all').pages)).toBe('KeptrowGonerowAfter');
  });
});

describe('the comment margin in all markup', () => {
  const comment = (id: string, text: string, extra: Partial<ReviewComment> = {}): ReviewComment => ({
    id,
    author: 'Ada Lovelace',
    initials: 'AL',
    date: '2026-01-02T03:04:05Z',
    paragraphs: [text],
    paraId: null,
    parentId: null,
    done: false,
    durableId: null,
    ...extra,
  });
  const marginText = (page: LaidOutPage) => (page.markupArea?.ops ?? []).flatMap((op) => (op.kind === 'text' ? [op.text] : [])).join(' ');

  it('sets each comment of the python-docx fixture beside the first line of its range, with author, date and text', async () => {
    const { value, review } = await readDocx(readFixture('python-docx-comments-rich-para.docx'));
    const { pages } = printed(value, 'all', review.comments);
    const page = pages[0]!;
    expect(page.markupArea?.width).toBeGreaterThan(0);
    for (const each of review.comments) {
      const anchor = page.ops.find((op) => op.kind === 'comment' && op.id === each.id);
      expect(anchor, each.id).toBeDefined();
      for (const paragraph of each.paragraphs) expect(marginText(page)).toContain(paragraph.split(' ')[0]);
      expect(marginText(page)).toContain(each.date!.slice(0, 10));
    }
    expect(marginText(page)).toContain('Steve Canny');
    // Every margin text is right of the page, within the margin.
    for (const op of page.markupArea!.ops) if (op.kind === 'text') expect(op.x).toBeGreaterThan(page.geometry.width);
  });

  it('stands a balloon at its range\'s line, or below the balloon above, never above its range unless the page\'s foot pushes it up', () => {
    const model = doc(section(p('Intro'), p(commented({ id: '1' }, 'First commented')), p('Between'), p(commented({ id: '2' }, 'Second commented'))));
    const { pages } = printed(model, 'all', [comment('1', 'One'), comment('2', 'Two')]);
    const page = pages[0]!;
    const rangeTop = (id: string) => page.ops.find((op) => op.kind === 'comment' && op.id === id)!;
    const balloonTop = (text: string) => {
      const ops = page.markupArea!.ops;
      const index = ops.findIndex((op) => op.kind === 'text' && op.text === text);
      // The balloon's box is the rectangle filled before its text.
      const box = ops.slice(0, index).filter((op) => op.kind === 'rect').at(-1);
      return box?.kind === 'rect' ? box.y : Number.NaN;
    };
    const first = rangeTop('1');
    const second = rangeTop('2');
    expect(first.kind === 'comment' && balloonTop('One')).toBe(first.kind === 'comment' ? first.y : 0);
    expect(balloonTop('Two')).toBeGreaterThanOrEqual(second.kind === 'comment' ? second.y : 0);
  });

  it('puts replies in their parent\'s balloon and says a resolved thread is resolved', () => {
    const model = doc(section(p(commented({ id: '1' }, 'Commented'), ' and ', commented({ id: '3' }, 'done'))));
    const comments = [comment('1', 'Question'), comment('2', 'Answer', { parentId: '1', author: 'Grace Hopper' }), comment('3', 'Settled', { done: true })];
    const page = printed(model, 'all', comments).pages[0]!;
    const texts = page.markupArea!.ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []));
    expect(texts.indexOf('Answer')).toBeGreaterThan(texts.indexOf('Question'));
    expect(texts).toContain('Grace Hopper');
    // One balloon (a box) per thread: two threads.
    expect(page.markupArea!.ops.filter((op) => op.kind === 'rect')).toHaveLength(2);
    expect(marginText(page)).toMatch(/Resolved/);
  });

  it('gives no margin to a document without comments, and none to the pages themselves', async () => {
    const { value, review } = await readDocx(readFixture('python-docx-comments-rich-para.docx'));
    expect(printed(value, 'all', []).pages.every((page) => page.markupArea === undefined)).toBe(true);
    expect(layOut(value, 'all').pages.every((page) => page.markupArea === undefined)).toBe(true);
    expect(printed(value, 'all', review.comments).pages.every((page) => page.markupArea !== undefined)).toBe(true);
  });
});
