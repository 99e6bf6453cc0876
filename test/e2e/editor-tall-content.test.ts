// Content taller than a page in the editor's pages, in real headless Chromium, against the PDF
// Quire exports of the same document: a table row taller than a page is cut between pages in every
// cell where the PDF cuts it, closed by a line on each page, and a picture taller than a page is
// shrunk to the size the PDF draws it at, inline in a paragraph, in a cell or alone on its page;
// the pages then keep still.
import type { Node } from 'prosemirror-model';
import type { Page } from 'playwright-core';
import { build } from 'quire/model';
import { readDocx } from 'quire/readers';
import { writeDocx } from 'quire/writers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontCatalog, writePdf } from '../../packages/convert/src/writers/pdf/index.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, newExamplePage } from './example-page.js';
import { laidOutPages } from './laid-out-pages.js';
import { buildPng } from '../support/hit-counting-server.js';
import { pageCount, placedWords, runPoppler } from '../support/pdf-tools.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const { doc, p, table, tr, td, img } = build;

const repeated = (sentence: string, count: number) => Array(count).fill(sentence).join(' ');
const FIRST_CELL = 'Words of a cell that runs on for pages, as a long form or a log kept in one row does.';
const SECOND_CELL = 'Other words, in the second cell, which runs on too.';

/** A picture 8.5 × 20 inches (in twips), much taller than an A4 page. */
const tallPicture = () => img({ src: `data:image/png;base64,${buildPng(850, 2000).toString('base64')}`, alt: 'A tall picture', width: 8.5 * 1440, height: 20 * 1440 });

/** A table whose middle row holds `cells`, with a row before and after it, between two paragraphs. */
const tableAround = (...cells: Node[]) => doc(p('Before the table.'), table(tr(td(p('First row')), td(p('Short'))), tr(...cells), tr(td(p('Last row')), td(p('Short')))), p('After the table.'));

const DOCUMENTS: readonly { readonly name: string; readonly what: string; readonly build: () => Node }[] = [
  { name: 'long-cell', what: 'a table row with a cell of about 120 lines', build: () => tableAround(td(p(repeated(FIRST_CELL, 48))), td(p('Beside the long cell'))) },
  {
    name: 'long-cells',
    what: 'a table row whose two cells both run on to the next page, the second shaded',
    build: () => tableAround(td(p(repeated(FIRST_CELL, 48))), td({ background: 'CCE0FF' }, p(repeated(SECOND_CELL, 70)))),
  },
  {
    name: 'cell-of-lines',
    what: 'a table row with a cell of 120 one-line paragraphs, three pages tall, beside one of 60',
    build: () => tableAround(td(Array.from({ length: 120 }, (_, index) => p(`Line ${index + 1} of the cell.`))), td(Array.from({ length: 60 }, (_, index) => p(`Note ${index + 1} beside it.`)))),
  },
  { name: 'picture-inline', what: 'a picture taller than the page inline in a paragraph', build: () => doc(p('Before the picture.'), p('A paragraph with ', tallPicture(), ' in its text.'), p('After the picture.')) },
  {
    name: 'picture-in-cell',
    what: 'a picture taller than the page in a table cell, beside a cell that runs on to the next page',
    build: () => tableAround(td(p('A cell with ', tallPicture(), ' in it.')), td(p(repeated(SECOND_CELL, 70)))),
  },
  { name: 'picture-alone', what: 'a picture taller than the page alone on its page', build: () => doc(p(tallPicture())) },
];

/** What the screen shows of the pages, read after every page was measured. */
interface ScreenPages {
  readonly pageCount: number;
  readonly overflowing: number;
  /** The first words after each page's head, and after each spacer (a cell's own cut) on that page. */
  readonly starts: { readonly page: string[]; readonly beside: string[][] }[];
  /** How far in CSS pixels each spacer's bottom stands from that of the turn it reaches down beside. */
  readonly spacerGaps: number[];
  /** Words of the document's text that stand where a page turn is drawn (between a page's foot and the next page's head). */
  readonly underTurns: string[];
  /** The cells of a row cut between pages that hide the turn's gap between the sheets (their first words). */
  readonly hiddenGaps: string[];
  /** The sides of the turns cutting a row (with borders) that draw no line across it there. */
  readonly openCuts: string[];
  /** The pictures' sizes in CSS pixels. */
  readonly pictures: { readonly width: number; readonly height: number }[];
  /** The turns' boxes, to tell whether the pages keep still. */
  readonly turnBoxes: string;
}

/** The words each page of the PDF starts with: its top line, from the left (a row's cells side by side). */
function pdfTopLines(pdf: Uint8Array): string[][] {
  return Array.from({ length: pageCount(pdf) }, (_, index) => {
    const words = placedWords(pdf, index + 1);
    const top = Math.min(...words.map((word) => word.yMin));
    return words
      .filter((word) => word.yMin < top + 2)
      .sort((a, b) => a.xMin - b.xMin)
      .map((word) => word.text);
  });
}

/** The sizes in points at which the PDF draws its pictures, from their pixels and resolution (pdfimages). */
function pdfPictureSizes(pdf: Uint8Array): { width: number; height: number }[] {
  const rows = runPoppler('pdfimages', ['-list', '$PDF'], pdf).split('\n').slice(2);
  return rows
    .map((row) => row.trim().split(/\s+/u))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => ({ width: (Number(columns[3]) / Number(columns[12])) * 72, height: (Number(columns[4]) / Number(columns[13])) * 72 }));
}

function readScreen(page: Page): Promise<ScreenPages> {
  return page.evaluate(() => {
    const view = document.querySelector('.quire-document') as HTMLElement;
    const range = document.createRange();
    // The document's text, not the turns' (their headers and footers).
    const textOnly: NodeFilter = { acceptNode: (node) => (node.parentElement?.closest('.quire-page-turn') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) };
    const firstWords = (element: Element, count: number): string[] => {
      const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT, textOnly);
      walker.currentNode = element;
      const words: string[] = [];
      for (let node = walker.nextNode(); node && words.length < count; node = walker.nextNode()) words.push(...(node.textContent ?? '').split(/\s+/u).filter((word) => word !== ''));
      return words.slice(0, count);
    };
    const turns = [...view.querySelectorAll<HTMLElement>('.quire-page-turn')];
    const isSpacer = (turn: Element) => turn.classList.contains('quire-page-turn-spacer');
    const heads = turns.filter((turn) => !isSpacer(turn) && turn.querySelector('.quire-page-head'));
    const starts = heads.map((turn) => ({ page: firstWords(turn, 3), beside: [] as string[][] }));
    // A spacer belongs to the page whose turn it reaches down beside: the one whose bottom is nearest its own.
    const spacerGaps: number[] = [];
    for (const spacer of turns.filter(isSpacer)) {
      const bottom = spacer.getBoundingClientRect().bottom;
      const gaps = heads.map((turn) => Math.abs(turn.getBoundingClientRect().bottom - bottom));
      const nearest = gaps.indexOf(Math.min(...gaps));
      starts[nearest]?.beside.push(firstWords(spacer, 3));
      spacerGaps.push(gaps[nearest] ?? Infinity);
    }
    const bands = turns.filter((turn) => !isSpacer(turn)).map((turn) => turn.getBoundingClientRect());
    const underTurns: string[] = [];
    const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT, textOnly);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const match of node.data.matchAll(/\S+/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const box = range.getBoundingClientRect();
        const middle = (box.top + box.bottom) / 2;
        if (bands.some((band) => middle > band.top && middle < band.bottom)) underTurns.push(match[0]);
      }
    }
    const pictures = [...view.querySelectorAll('.quire-image')].map((picture) => picture.getBoundingClientRect()).map(({ width, height }) => ({ width, height }));
    const turnBoxes = turns.map((turn) => turn.getBoundingClientRect()).map((box) => `${box.top.toFixed(1)}+${box.height.toFixed(1)}`).join(' ');
    // What shows in the gap between the sheets above each cell of a row cut there: the turn, whatever the cells' shading.
    const viewport = document.querySelector('.quire-viewport')!;
    const scrolled = viewport.scrollTop;
    const hiddenGaps: string[] = [];
    for (const turn of turns.filter((each) => !isSpacer(each) && each.closest('td'))) {
      const gap = turn.querySelector('.quire-page-gap')!;
      gap.scrollIntoView({ block: 'center' });
      const middle = (gap.getBoundingClientRect().top + gap.getBoundingClientRect().bottom) / 2;
      for (const cell of turn.closest('tr')!.children) {
        const box = cell.getBoundingClientRect();
        if (document.elementFromPoint((box.left + box.right) / 2, middle)?.closest('.quire-page-turn') !== turn) hiddenGaps.push(cell.textContent!.slice(0, 20));
      }
    }
    viewport.scrollTop = scrolled;
    // The lines that close the row's cells above each such turn and open them below it, across the row.
    const openCuts: string[] = [];
    for (const turn of turns.filter((each) => !isSpacer(each) && each.closest('td'))) {
      const row = turn.closest('tr')!.getBoundingClientRect();
      const box = turn.getBoundingClientRect();
      for (const [side, y] of [['top', box.top], ['bottom', box.bottom]] as const) {
        const line = turn.querySelector(`.quire-page-cut-${side}`)?.getBoundingClientRect();
        const drawn = line && line.height >= 1 && Math.abs(line.left - row.left) < 1 && Math.abs(line.right - row.right) < 1 && Math.abs((side === 'top' ? line.top : line.bottom) - y) < 1;
        if (!drawn) openCuts.push(`${side} of the turn at ${Math.round(y)}`);
      }
    }
    return { pageCount: starts.length, overflowing: Number(view.dataset['overflowingPages'] ?? 0), starts, spacerGaps, underTurns, hiddenGaps, openCuts, pictures, turnBoxes };
  });
}

/**
 * Expects the screen to show the pages of the PDF whose top lines are `topLines`: as many, each
 * page and each cell of a row cut there starting with the words the PDF starts them with, side by
 * side; no text under a turn, every spacer reaching the bottom of its turn, none running over.
 */
function expectPagesOf(screen: ScreenPages, topLines: readonly string[][]): void {
  expect(screen.pageCount).toBe(topLines.length);
  expect(screen.overflowing).toBe(0);
  expect(screen.underTurns).toEqual([]);
  expect(screen.hiddenGaps).toEqual([]);
  expect(screen.openCuts).toEqual([]);
  for (const gap of screen.spacerGaps) expect(gap).toBeLessThan(1);
  screen.starts.forEach((start, index) => {
    const line = topLines[index]!.join(' ');
    const first = start.page.join(' ');
    expect(line.slice(0, first.length)).toBe(first);
    for (const beside of start.beside) expect(line).toContain(beside.join(' '));
  });
}

/** Whether the screen shows the pages of the PDF whose top lines are `topLines` (see {@link expectPagesOf}). */
function showsPagesOf(screen: ScreenPages, topLines: readonly string[][]): boolean {
  try {
    expectPagesOf(screen, topLines);
    return true;
  } catch {
    return false;
  }
}

/** Counts `count` animation frames in the page, long enough for a layout the last one scheduled to be drawn. */
async function frames(page: Page, count: number): Promise<void> {
  await page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

describe('content taller than a page in the editor’s pages', { timeout: 120_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1200, height: 1000 }, 30_000);
  });

  afterAll(async () => {
    await page?.close();
  });

  for (const { name, what, build: make } of DOCUMENTS) {
    it(`shows ${what} on as many pages as the PDF export, each starting with the words its PDF page starts with, nothing under a page turn, none running over its paper, and the pages then keep still`, async () => {
      const docx = await writeDocx(make(), { now: () => new Date(0) });
      const pdf = await writePdf((await readDocx(docx)).value, { fonts: new FontCatalog(), now: () => new Date(0) });
      const status = await chooseOnExamplePage(page, { name: `${name}.docx`, mimeType: DOCX_TYPE, buffer: Buffer.from(docx) });
      expect(status).toBe(`${name}.docx is open.`);
      await laidOutPages(page);
      const screen = await readScreen(page);
      const topLines = pdfTopLines(pdf);
      expect(await page.evaluate('editor.getPageCount()')).toBe(topLines.length);
      expectPagesOf(screen, topLines);
      // A layout that never settled would move the turns: the pages keep still for as long as two relayouts take.
      await frames(page, 30);
      expect((await readScreen(page)).turnBoxes).toBe(screen.turnBoxes);
      const pictures = pdfPictureSizes(pdf);
      expect(screen.pictures.length).toBe(pictures.length);
      screen.pictures.forEach((picture, index) => {
        // Points are 4/3 CSS pixels; the PDF's size is read back from whole dots per inch, to within half a percent.
        expect(Math.abs(picture.height / ((pictures[index]!.height * 4) / 3) - 1)).toBeLessThan(0.005);
        expect(Math.abs(picture.width / ((pictures[index]!.width * 4) / 3) - 1)).toBeLessThan(0.005);
      });
    });
  }

  it('keeps both cells of a row cut between pages below the turn as the PDF of the edited document cuts them, while words are typed into the second cell above the cut', async () => {
    const docx = await writeDocx(tableAround(td(p(repeated(FIRST_CELL, 48))), td(p(repeated(SECOND_CELL, 70)))), { now: () => new Date(0) });
    expect(await chooseOnExamplePage(page, { name: 'typed-cells.docx', mimeType: DOCX_TYPE, buffer: Buffer.from(docx) })).toBe('typed-cells.docx is open.');
    await laidOutPages(page);
    // The caret after the tenth sentence of the second cell, a few lines above the cut.
    await page.evaluate((sentence) => {
      const text = document.querySelector('.quire-page-turn-spacer')!.parentElement!.firstChild as Text;
      let at = 0;
      for (let count = 0; count < 10; count += 1) at = text.data.indexOf(sentence, at) + sentence.length;
      document.getSelection()!.collapse(text, at);
    }, SECOND_CELL);
    await page.evaluate(`document.execCommand('insertText', false, ' Typed words in the second cell, enough for two more of its lines.'); 0`);
    await page.keyboard.type(' And a few more.');
    const bytes = (await page.evaluate(`editor.export().then((blob) => blob.arrayBuffer()).then((buffer) => [...new Uint8Array(buffer)])`)) as number[];
    const edited = pdfTopLines(await writePdf((await readDocx(new Uint8Array(bytes))).value, { fonts: new FontCatalog(), now: () => new Date(0) }));
    // The typed lines push the second cell's cut on: the PDF's next page starts it with other words.
    expect(edited[1]!.join(' ')).not.toBe(pdfTopLines(await writePdf((await readDocx(docx)).value, { fonts: new FontCatalog(), now: () => new Date(0) }))[1]!.join(' '));
    // The pages are laid out again a moment after the last key: read a bounded number of times while the layout arrives.
    let screen = await readScreen(page);
    for (let attempt = 0; attempt < 30 && !showsPagesOf(screen, edited); attempt += 1) {
      await frames(page, 10);
      await laidOutPages(page);
      screen = await readScreen(page);
    }
    expectPagesOf(screen, edited);
    expect(screen.starts[1]!.beside.length).toBe(1);
  });
});
