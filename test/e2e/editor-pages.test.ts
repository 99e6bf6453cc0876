// The editor's pages in real headless Chromium, against the PDF that Quire exports of the same
// file: every DOCX fixture is opened in the example page with the default `pages` layout, and each
// page on screen must start with the words its page of the PDF starts with (pdftotext, as the
// fidelity check reads pages), and hold its text within its paper.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readDocx } from 'quire/readers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontCatalog, writePdf } from '../../packages/convert/src/writers/pdf/index.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, docxFixture, newExamplePage, openExampleWithFile } from './example-page.js';
import { laidOutPages } from './laid-out-pages.js';
import { pageSizes, pdfText } from '../support/pdf-tools.js';

const FIXTURES = readdirSync(join(repositoryRoot, 'test/fixtures/docx')).filter((name) => name.endsWith('.docx'));

/** How many characters of a page's text (white space aside) stand for where it starts. */
const START_CHARACTERS = 24;

/**
 * Fixtures whose pages on screen differ from the PDF's, and why. The test checks that they still
 * do (so that a fix removes them from here) and that every other fixture matches.
 */
const EXPECTED_DIFFERENCES: Readonly<Record<string, string>> = {
  'pandoc-text_in_shape_format.docx':
    'the layout sets a text box placed on the page in the flow of the text, where the editor shows it at its place on the page',
  'superdoc-image-wrapping.docx':
    'the layout wraps text on both sides of a picture and to its outline, as Word does; the browser wraps it as CSS floats do, on one side of a rectangle, so its pages run over',
};

// List markers and tab leaders are drawn by CSS on screen, and are not the page's text: they are
// left out on both sides, and so is white space, which pdftotext puts where it sees gaps.
const isMarker = (word: string) => /^(?:\d+|[a-z]|[ivxlcdm]+)[.)]$|^[•◦▪■●○◆✓–-]$/iu.test(word);
const startOf = (words: readonly string[]) =>
  words
    .map((word) => word.normalize('NFKC').replace(/[.·_]{3,}/gu, ''))
    .filter((word) => word !== '' && !isMarker(word))
    .join('')
    .slice(0, START_CHARACTERS);

/** The PDF Quire exports of a fixture. */
async function exportedPdf(name: string): Promise<Uint8Array> {
  const doc = (await readDocx(new Uint8Array(readFileSync(docxFixture(name))))).value;
  return writePdf(doc, { fonts: new FontCatalog(), now: () => new Date(0) });
}

/** The first words of each page of a PDF, read by pdftotext in the pages' layout. */
function pageStartsOf(pdf: Uint8Array): string[] {
  const pages = pdfText(pdf, undefined, 'layout').split('\f');
  if (pages.length > 1 && pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) => startOf(page.split(/\s+/u).filter((word) => word !== '')));
}

/** The first words of each page of the PDF Quire exports of a fixture. */
async function pdfPageStarts(name: string): Promise<string[]> {
  return pageStartsOf(await exportedPdf(name));
}

/** The first words of each page of the PDF Quire makes of the DOCX the editor in `page` exports. */
async function editedPdfPageStarts(page: Page): Promise<string[]> {
  const bytes = (await page.evaluate(`editor.export().then((blob) => blob.arrayBuffer()).then((buffer) => [...new Uint8Array(buffer)])`)) as number[];
  const doc = (await readDocx(new Uint8Array(bytes))).value;
  return pageStartsOf(await writePdf(doc, { fonts: new FontCatalog(), now: () => new Date(0) }));
}

/** What the editor shows: each page's words in reading order (its header, then its text), and the pages that run over their paper. */
interface ScreenPages {
  readonly pages: string[][];
  readonly overflowing: number;
}

/**
 * Reads each page on screen as pdftotext reads a PDF's: the words of its header (painted in the
 * turn before it), of its text (up to the next turn) and of its footnotes and footer (painted in
 * that turn), line by line from the top, each line from the left. A word belongs to a line when
 * its middle lies within the line's height, so that a raised footnote number stays on its line.
 */
function readScreenPages(page: Page): Promise<ScreenPages> {
  return page.evaluate(() => {
    type Word = { text: string; top: number; bottom: number; left: number };
    const view = document.querySelector('.quire-document') as HTMLElement;
    const pages: Word[][] = [];
    const range = document.createRange();
    const wordsOf = (node: Text, clip?: DOMRect): Word[] => {
      const out: Word[] = [];
      for (const match of node.data.matchAll(/\S+/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        if (clip && (rect.bottom < clip.top - 1 || rect.top > clip.bottom + 1)) continue;
        out.push({ text: match[0], top: rect.top, bottom: rect.bottom, left: rect.left });
      }
      return out;
    };
    const wordsIn = (part: Element | null): Word[] => {
      if (!part) return [];
      const clip = part.getBoundingClientRect();
      const texts = [...part.querySelectorAll('span')].flatMap((span) => [...span.childNodes].filter((child): child is Text => child instanceof Text));
      return texts.flatMap((text) => wordsOf(text, clip));
    };
    let current: Word[] | null = null;
    const walker = document.createTreeWalker(view, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        if (node instanceof HTMLElement && node.classList.contains('quire-page-turn')) return NodeFilter.FILTER_ACCEPT;
        // The editor's own labels (a placeholder for a picture it cannot draw) are not the document's text.
        if (node instanceof HTMLElement && (node.closest('.quire-page-turn') || node.classList.contains('quire-image-placeholder'))) return NodeFilter.FILTER_REJECT;
        return node instanceof Text ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node instanceof HTMLElement)) {
        // A page's first words are enough; reading every word would lay out every skipped paragraph.
        if (current && current.length < 40) current.push(...wordsOf(node as Text));
        continue;
      }
      current?.push(...wordsIn(node.querySelector('.quire-page-foot')));
      for (const whole of node.querySelectorAll('.quire-page-whole')) pages.push(wordsIn(whole));
      const head = node.querySelector('.quire-page-head');
      current = head ? wordsIn(head) : null;
      if (current) pages.push(current);
    }
    const inReadingOrder = (words: Word[]): string[] => {
      const lines: Word[][] = [];
      let bottom = -Infinity;
      for (const word of [...words].sort((a, b) => a.top - b.top)) {
        const middle = (word.top + word.bottom) / 2;
        if (lines.length === 0 || middle > bottom) {
          lines.push([word]);
          bottom = word.bottom;
        } else {
          lines.at(-1)!.push(word);
          bottom = Math.max(bottom, word.bottom);
        }
      }
      return lines.flatMap((line) => line.sort((a, b) => a.left - b.left).map((word) => word.text));
    };
    return { pages: pages.map(inReadingOrder), overflowing: Number(view.dataset['overflowingPages'] ?? 0) };
  });
}

// The 300-page fixture takes a while on a loaded machine: it is laid out and scrolled through
// on screen, and written as a PDF, within one test.
describe('the editor’s pages', { timeout: 120_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    // A tall viewport: scrolling through a long document to measure every page takes fewer steps.
    page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1200, height: 3000 }, 60_000);
  });

  afterAll(async () => {
    await page?.close();
  });

  for (const name of FIXTURES) {
    const expected = EXPECTED_DIFFERENCES[name];
    const title = expected
      ? `shows ${name} on as many pages as the PDF export, which still differ: ${expected}`
      : `shows ${name} on as many pages as the PDF export, each starting with the words its PDF page starts with, none running over its paper`;
    it(title, async () => {
      const status = await chooseOnExamplePage(page, docxFixture(name));
      expect(status).toBe(`${name} is open.`);
      await laidOutPages(page);
      const screen = await readScreenPages(page);
      const pdf = await pdfPageStarts(name);
      const starts = screen.pages.map(startOf);
      expect(starts.length).toBe(pdf.length);
      if (expected) {
        expect(screen.overflowing > 0 || starts.some((start, index) => start !== pdf[index])).toBe(true);
        return;
      }
      expect(screen.overflowing).toBe(0);
      expect(starts).toEqual(pdf);
    });
  }
});

describe('printing the editor’s pages', () => {
  const chromium = useRepositoryInChromium();

  // Odd and even headers and footers on Letter; a portrait A4 page and a landscape one.
  it.each(['superdoc-h_f-normal-odd-even.docx', 'docxjs-page-layout.docx'])('prints the pages of the PDF export of %s, each on a sheet of its paper without margins, and nothing of the host page', async (name) => {
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name));
    await laidOutPages(page);
    // Headless Chromium shows no print dialog: the test prints the page itself, as the dialog
    // would, and then says the print is done.
    await page.evaluate(`window.print = () => { window.printCalls = (window.printCalls ?? 0) + 1; }; window.printing = editor.print().then(() => 'printed'); 0;`);
    await page.waitForFunction(`window.printCalls === 1`);
    const printed = new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const exported = await exportedPdf(name);
    expect(pageSizes(printed)).toEqual(pageSizes(exported));
    expect(pageStartsOf(printed)).toEqual(pageStartsOf(exported));
    expect(pdfText(printed)).not.toContain('Quire editor');

    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.evaluate('window.printing')).toBe('printed');
    expect(await page.evaluate(() => ({ pages: document.querySelectorAll('.quire-print').length, printing: document.body.classList.contains('quire-printing') }))).toEqual({ pages: 0, printing: false });
    await page.close();
  });
});

describe('the page counter of the editor’s pages', () => {
  const chromium = useRepositoryInChromium();

  it('counts the pages of the PDF export, goes to page 20 with its caret at that page’s first words, and says so in a page event', async () => {
    const name = 'superdoc-40-pages.docx';
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name));
    const pdf = await pdfPageStarts(name);
    expect(await page.evaluate(`editor.getPageCount()`)).toBe(pdf.length);
    await page.evaluate(`window.pageEvents = []; editor.on('page', (event) => window.pageEvents.push([event.page, event.pageCount])); editor.goToPage(20); 0`);
    await page.waitForFunction(`window.pageEvents.length > 0`);
    expect(await page.evaluate(`window.pageEvents.at(-1)`)).toEqual([20, pdf.length]);
    // The caret stands before the first words of page 20 of the PDF.
    const after = await page.evaluate(() => {
      const selection = window.getSelection()!;
      const range = document.createRange();
      range.setStart(selection.anchorNode!, selection.anchorOffset);
      range.setEndAfter(document.querySelector('.quire-document')!.lastElementChild!);
      return range.toString().slice(0, 200);
    });
    expect(startOf(after.split(/\s+/u))).toBe(pdf[19]);
    await page.close();
  });
});

describe('typing in the editor’s pages', () => {
  const chromium = useRepositoryInChromium();

  it('lays out the pages again from the page typed on, as the PDF of the edited document paginates them: words typed on page 20 push the lines after them onto the following pages', async () => {
    const name = 'superdoc-40-pages.docx';
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name));
    const before = await pdfPageStarts(name);
    await page.evaluate(`editor.goToPage(20); 0`);
    // Three lines of words at the start of page 20, in one go and then key by key.
    await page.evaluate(`document.execCommand('insertText', false, 'Words typed on page twenty, ' + 'enough of them to fill a few lines of this page and push its last lines onward. '.repeat(3)); 0`);
    await page.keyboard.type(' and some more');
    await page.waitForFunction(`window.getSelection().anchorNode?.textContent?.includes('and some more')`);
    const after = await editedPdfPageStarts(page);
    // Page 20 starts with the words typed, the pages after it start elsewhere than before, and those before it as they did.
    expect(after.slice(0, 19)).toEqual(before.slice(0, 19));
    expect(after[19]).toBe(startOf('Words typed on page twenty, enough'.split(' ')));
    expect(after[20]).not.toBe(before[20]);
    // The editor lays the pages out again a moment after the last key; then every page on screen
    // starts as the edited PDF's. Read a bounded number of times while the layout arrives.
    let starts: string[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await laidOutPages(page);
      starts = (await readScreenPages(page)).pages.map(startOf);
      if (starts.length === after.length && starts.every((start, index) => start === after[index])) break;
      await page.waitForTimeout(200);
    }
    expect(starts).toEqual(after);
    expect((await readScreenPages(page)).overflowing).toBe(0);
    await page.close();
  });

  it('keeps the paragraph typed in pinned at the height of its lines: keys that leave its lines lay it out alone, a key that wraps a line makes it that line taller at once, and Backspace takes the line back', async () => {
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture('superdoc-40-pages.docx'));
    await laidOutPages(page);
    // The caret at the end of a paragraph of plain text on screen, well inside its page.
    await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll<HTMLElement>('.quire-sheet > p.quire-laid-skippable')].find((each) => (each.textContent ?? '').length > 80 && each.getBoundingClientRect().top > 100 && each.nextElementSibling?.nextElementSibling?.matches('p') === true && each.nextElementSibling.matches('p'))!;
      paragraph.id = 'typed';
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      let last: Text | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
      (document.querySelector('.quire-document') as HTMLElement).focus();
      window.getSelection()!.collapse(last, last!.data.length);
    });
    await page.waitForFunction(`document.getElementById('typed').classList.contains('quire-caret-block')`);
    // The pinned height, and the height the paragraph takes without the pin.
    const heights = () =>
      page.evaluate(() => {
        const paragraph = document.getElementById('typed')!;
        const pinned = paragraph.classList.contains('quire-caret-block');
        const shown = paragraph.getBoundingClientRect().height;
        paragraph.classList.remove('quire-caret-block');
        const own = paragraph.getBoundingClientRect().height;
        if (pinned) paragraph.classList.add('quire-caret-block');
        return { pinned, shown, own };
      });
    const start = await heights();
    expect(start.shown).toBe(start.own);
    let typed = 0;
    let now = start;
    // One letter at a time until the line wraps (bounded by two lines of letters).
    while (now.own === start.own && typed < 200) {
      await page.keyboard.type(typed % 6 === 5 ? ' ' : 'x');
      typed += 1;
      now = await heights();
      expect(now).toEqual({ pinned: true, shown: now.own, own: now.own });
    }
    expect(now.own).toBeGreaterThan(start.own);
    for (let deleted = 0; deleted < typed; deleted += 1) await page.keyboard.press('Backspace');
    await expect.poll(heights).toEqual({ pinned: true, shown: start.own, own: start.own });
    await page.close();
  });
});
