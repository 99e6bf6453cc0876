// The editor's zoom in real headless Chromium, on the script-tag example page (examples/editor,
// whose ?zoom= gives the editor its zoom option): pages scale with it and stay exactly as tall as
// their paper, fit-width fits the widest page into the editor's width as it changes, a click
// puts the caret in the word clicked, a header opens for editing over itself, tab stops keep
// their places, and printing is not scaled.
// Screenshots at 50% and 150% are written to tmp/editor-zoom-<zoom>.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildTestDocx } from '../support/docx-package.js';
import { pageSizes, pdfText } from '../support/pdf-tools.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, docxFixture, type FilePayload } from './example-page.js';

// Eleven Letter pages with headers and footers; a document with an A4 portrait and an A4 landscape page.
const PAGED = 'superdoc-h_f-normal-odd-even.docx';
const LANDSCAPE = 'docxjs-page-layout.docx';

// A4 with one-inch margins: the text column is 9026 twips wide, 15 twips to the CSS pixel.
const COLUMN = 9026;
const CENTRE = 4513;
const TWIPS_PER_PX = 15;
const TABBED: FilePayload = {
  name: 'tab-stops.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: Buffer.from(
    buildTestDocx({
      body:
        `<w:p><w:pPr><w:tabs><w:tab w:val="center" w:pos="${CENTRE}"/><w:tab w:val="right" w:pos="${COLUMN}"/></w:tabs></w:pPr>` +
        '<w:r><w:t>Left</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>Centre</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>Right</w:t></w:r></w:p>' +
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>',
    }),
  ),
};

type Zoom = number | 'fit-width';

describe('the editor’s zoom', { timeout: 120_000 }, () => {
  const chromium = useRepositoryInChromium();

  /** Opens the example page at `zoom` in `layout` with `file`, and waits until its pages (in `pages`) and fonts stand still. */
  async function openAt(zoom: Zoom, file: string | FilePayload, layout: 'pages' | 'flow' = 'pages', width = 1200): Promise<Page> {
    const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(30_000);
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&layout=${layout}&zoom=${zoom}`);
    const status = await chooseOnExamplePage(page, file);
    expect(status).toMatch(/ is open\.$/u);
    if (layout === 'pages') await page.waitForFunction(`document.querySelector('.quire-document[data-layout="pages"]') !== null && editor.getPageCount() > 0`);
    await settled(page);
    return page;
  }

  /** Waits for the fonts and two frames, in which the pages near the viewport are measured. */
  async function settled(page: Page): Promise<void> {
    await page.evaluate(async () => {
      await document.fonts.ready;
      for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
  }

  /** The width on screen of the widest sheet, in pixels. */
  function sheetWidth(page: Page): Promise<number> {
    return page.evaluate(() => Math.max(...[...document.querySelectorAll('.quire-sheet')].map((sheet) => sheet.getBoundingClientRect().width)));
  }

  it('shows the pages 1.5 times as wide at zoom 1.5 as at 100%, from the option and from setZoom', async () => {
    const plain = await openAt(1, docxFixture(PAGED));
    const atOne = await sheetWidth(plain);
    await plain.evaluate(`editor.setZoom(1.5)`);
    expect(await plain.evaluate(`editor.getZoom()`)).toBe(1.5);
    expect(await sheetWidth(plain)).toBeCloseTo(atOne * 1.5, 0);
    await plain.evaluate(`editor.setZoom(1)`);
    expect(await sheetWidth(plain)).toBeCloseTo(atOne, 0);
    await plain.close();

    const zoomed = await openAt(1.5, docxFixture(PAGED));
    expect(await sheetWidth(zoomed)).toBeCloseTo(atOne * 1.5, 0);
    await zoomed.close();
  });

  it('keeps the text at the top of the viewport there when the zoom changes', async () => {
    const page = await openAt(1, docxFixture(PAGED));
    for (const zoom of [1.5, 0.5, 2]) {
      // The paragraph at the top of the viewport, a few pages down, before and after the change.
      const top = await page.evaluate(async () => {
        const viewport = document.querySelector<HTMLElement>('.quire-viewport')!;
        if (viewport.scrollTop === 0) viewport.scrollTop = 5000;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const frame = viewport.getBoundingClientRect();
        const paragraph = document.elementFromPoint(frame.left + frame.width / 2, frame.top + 5)?.closest('p');
        (window as unknown as { topParagraph?: Element | null }).topParagraph = paragraph;
        return paragraph ? frame.top + 5 : null;
      });
      expect(top).not.toBeNull();
      await page.evaluate(`editor.setZoom(${zoom})`);
      const kept = await page.evaluate(async (y) => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const box = (window as unknown as { topParagraph: Element }).topParagraph.getBoundingClientRect();
        return box.top <= y && box.bottom >= y ? 'kept' : `moved to ${box.top}..${box.bottom}, the top at ${y}`;
      }, top!);
      expect(kept).toBe('kept');
    }
    await page.close();
  });

  for (const zoom of [0.5, 1.5]) {
    it(`keeps every page exactly as tall as its paper at ${zoom * 100}%, none running over`, async () => {
      const page = await openAt(zoom, docxFixture(PAGED));
      await page.screenshot({ path: join(repositoryRoot, `tmp/editor-zoom-${zoom}.png`) });
      // Each page is scrolled into view, where it is measured, and taken from the top of its head
      // to the bottom of the next turn's foot; the paper's height is the sheet's.
      const measured = await page.evaluate(async () => {
        const frames = async (count: number) => {
          for (let frame = 0; frame < count; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
        };
        const viewport = document.querySelector('.quire-viewport')!;
        const view = document.querySelector<HTMLElement>('.quire-document')!;
        const turns = [...view.querySelectorAll('.quire-page-turn')];
        const heights: number[] = [];
        for (let index = 0; index + 1 < turns.length; index += 1) {
          const head = turns[index]!.querySelector('.quire-page-head');
          const foot = turns[index + 1]!.querySelector('.quire-page-foot');
          if (!head || !foot) continue;
          // The page's foot at the bottom of the viewport: a page is measured as its foot comes near.
          viewport.scrollTop += foot.getBoundingClientRect().bottom - viewport.getBoundingClientRect().bottom;
          // Measured in the next frame; a page whose text moved as it was measured is measured again.
          let height = Number.NaN;
          for (let round = 0; round < 5; round += 1) {
            await frames(2);
            const now = foot.getBoundingClientRect().bottom - head.getBoundingClientRect().top;
            if (now === height) break;
            height = now;
          }
          heights.push(height);
        }
        const paper = parseFloat(view.querySelector<HTMLElement>('.quire-sheet')!.style.getPropertyValue('--quire-page-height'));
        return { heights, paper, overflowing: Number(view.dataset['overflowingPages']) };
      });
      expect(measured.heights).toHaveLength((await page.evaluate(`editor.getPageCount()`)) as number);
      // Within the rounding of lengths set at a scale (a quarter of a pixel at 150%, a device pixel's third).
      for (const height of measured.heights) expect(Math.abs(height / zoom - measured.paper)).toBeLessThan(0.3);
      expect(measured.overflowing).toBe(0);
      await page.close();
    });
  }

  it('fits the widest page, a landscape one, into a 600 px wide editor in fit-width, and follows the editor’s width', async () => {
    const page = await openAt('fit-width', docxFixture(LANDSCAPE), 'pages', 600);
    /** The widest sheet and the room inside the viewport's padding and scroll bar, and whether it scrolls sideways. */
    const fit = () =>
      page.evaluate(() => {
        const viewport = document.querySelector<HTMLElement>('.quire-viewport')!;
        const style = getComputedStyle(viewport);
        const room = viewport.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const sheets = [...document.querySelectorAll('.quire-sheet')].map((sheet) => sheet.getBoundingClientRect().width);
        return { room, widest: Math.max(...sheets), narrowest: Math.min(...sheets), scrollsSideways: viewport.scrollWidth > viewport.clientWidth };
      });
    const narrow = await fit();
    expect(narrow.widest).toBeGreaterThan(narrow.narrowest);
    expect(narrow.widest).toBeLessThan(narrow.room);
    // The room left is the gap standing out beside the page: a few pixels at this scale.
    expect(narrow.widest).toBeGreaterThan(narrow.room - 30);
    expect(narrow.scrollsSideways).toBe(false);
    const zoomAt600 = (await page.evaluate(`editor.getZoom()`)) as number;
    expect(zoomAt600).toBeLessThan(1);

    await page.evaluate(`window.zoomEvents = []; editor.on('zoom', (event) => window.zoomEvents.push(event.zoom)); 0`);
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.waitForFunction(`window.zoomEvents.length > 0`);
    const wide = await fit();
    expect(wide.widest).toBeCloseTo(narrow.widest * (wide.room / narrow.room), -1);
    expect(wide.widest).toBeLessThan(wide.room);
    expect(wide.scrollsSideways).toBe(false);
    expect(await page.evaluate(`window.zoomEvents.at(-1) === editor.getZoom() && editor.getZoom() > ${zoomAt600}`)).toBe(true);
    await page.close();
  });

  for (const [zoom, layout] of [[1.5, 'pages'], [0.5, 'pages'], [1.5, 'flow']] as const) {
    it(`puts the caret in the word clicked at ${zoom * 100}% in the ${layout} layout`, async () => {
      const page = await openAt(zoom, docxFixture(PAGED), layout);
      // A long word in the middle of a paragraph on screen, its place on screen, and the paragraph's
      // text (without the page turns drawn in it, which are not the document's).
      const textsOf = `[...document.querySelectorAll('.quire-document .quire-sheet > p')].map((paragraph) => {
        const copy = paragraph.cloneNode(true);
        copy.querySelectorAll('.quire-page-turn').forEach((turn) => turn.remove());
        return copy.textContent;
      })`;
      const before = (await page.evaluate(textsOf)) as string[];
      const target = await page.evaluate(() => {
        const viewport = document.querySelector('.quire-viewport')!.getBoundingClientRect();
        const paragraphs = [...document.querySelectorAll<HTMLElement>('.quire-document .quire-sheet > p')];
        for (const [index, paragraph] of paragraphs.entries()) {
          const node = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT).nextNode() as Text | null;
          const match = node ? /\b[A-Za-z]{9,}\b/u.exec(node.data.slice(40)) : null;
          if (!node || !match || node.parentElement?.closest('.quire-page-turn')) continue;
          const start = 40 + match.index;
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + match[0].length);
          const box = range.getBoundingClientRect();
          if (box.top < viewport.top + 20 || box.bottom > viewport.bottom - 20) continue;
          // Where the word starts in the paragraph's text: the text before it in the paragraph.
          const prefix = document.createRange();
          prefix.setStart(paragraph, 0);
          prefix.setEnd(node, start);
          return { index, word: match[0], start: prefix.toString().length, x: box.left + box.width / 2, y: box.top + box.height / 2 };
        }
        return null;
      });
      expect(target).not.toBeNull();
      await page.mouse.click(target!.x, target!.y);
      await page.keyboard.type('Q');
      const was = before[target!.index]!;
      const now = ((await page.evaluate(textsOf)) as string[])[target!.index]!;
      // One letter more, and it went into the word clicked, between its first and last letters: the middle of it was clicked.
      const at = [...now].findIndex((char, index) => char !== was[index]);
      expect(now.slice(0, at) + now.slice(at + 1)).toBe(was);
      expect(now[at]).toBe('Q');
      expect(at).toBeGreaterThan(target!.start);
      expect(at).toBeLessThan(target!.start + target!.word.length);
      await page.close();
    });
  }

  it('zooms the editor, not the page, on Ctrl+wheel over it and Ctrl with +, − and 0 in it; over the host page Ctrl+wheel stays the browser’s', async () => {
    const page = await openAt(1, docxFixture(PAGED));
    const pageZoom = () => page.evaluate(() => [window.devicePixelRatio, window.visualViewport?.scale ?? 1]);
    const before = await pageZoom();
    const box = (await page.locator('.quire-viewport').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await page.waitForFunction(`editor.getZoom() > 1`);
    const wheeled = (await page.evaluate(`editor.getZoom()`)) as number;
    expect(wheeled).toBeLessThan(1.5);

    // The focus in the document: Ctrl+0 goes back to 100%, Ctrl+− a step down, Ctrl+= a step up.
    await page.click('.quire-sheet > p');
    await page.keyboard.press('Control+0');
    expect(await page.evaluate(`editor.getZoom()`)).toBe(1);
    await page.keyboard.press('Control+-');
    expect(await page.evaluate(`editor.getZoom()`)).toBe(0.9);
    await page.keyboard.press('Control+=');
    await page.keyboard.press('Control+=');
    expect(await page.evaluate(`editor.getZoom()`)).toBe(1.1);
    expect(await pageZoom()).toEqual(before);

    // Over the example page's own header, Ctrl+wheel is the browser's: the editor keeps its zoom.
    const prevented = await page.evaluate(() => {
      const event = new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, bubbles: true, cancelable: true });
      document.querySelector('h1')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(false);
    expect(await page.evaluate(`editor.getZoom()`)).toBe(1.1);
    await page.close();
  });

  it('opens a header for editing over the header painted at 150%, its text at the same scale', async () => {
    const page = await openAt(1.5, docxFixture(PAGED));
    const region = page.locator('.quire-document .quire-part-region[data-part="header"]').first();
    await region.scrollIntoViewIfNeeded();
    const painted = await region.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    await region.dblclick();
    await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
    const editing = await page.evaluate(() => {
      const editor = document.querySelector('.quire-part-editor')!;
      return { box: editor.getBoundingClientRect().toJSON() as DOMRect, scale: (editor.querySelector('.quire-document') as Element & { currentCSSZoom: number }).currentCSSZoom };
    });
    expect(editing.scale).toBe(1.5);
    expect(Math.abs(editing.box.left - painted.left)).toBeLessThan(1);
    expect(Math.abs(editing.box.top - painted.top)).toBeLessThan(1);
    expect(Math.abs(editing.box.width - painted.width)).toBeLessThan(1);
    await page.close();
  });

  it('keeps tab stops at their places at 150%: a centred word on the centre stop, a word ending at the right stop', async () => {
    const page = await openAt(1.5, TABBED);
    // The tabs are measured a few rounds as the lines settle: their widths have to stand still.
    await page.waitForFunction(
      () => {
        const widths = [...document.querySelectorAll<HTMLElement>('.quire-tab')].map((tab) => tab.style.width).join();
        const seen = window as unknown as { tabWidths?: string; tabWidthsSince?: number };
        if (widths !== seen.tabWidths) Object.assign(seen, { tabWidths: widths, tabWidthsSince: performance.now() });
        return widths !== '' && !widths.split(',').includes('0px') && performance.now() - seen.tabWidthsSince! > 250;
      },
      null,
      { polling: 50 },
    );
    const places = await page.evaluate(() => {
      const paragraph = document.querySelector<HTMLElement>('.quire-sheet > p')!;
      const sheet = paragraph.closest('.quire-sheet')!;
      const scale = (sheet as Element & { currentCSSZoom: number }).currentCSSZoom;
      const column = sheet.getBoundingClientRect().left + parseFloat(getComputedStyle(sheet).paddingLeft) * scale;
      const boxOf = (word: string) => {
        const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
        let node = walker.nextNode() as Text;
        while (!node.data.includes(word)) node = walker.nextNode() as Text;
        const range = document.createRange();
        range.setStart(node, node.data.indexOf(word));
        range.setEnd(node, node.data.indexOf(word) + word.length);
        const box = range.getBoundingClientRect();
        return { left: (box.left - column) / scale, right: (box.right - column) / scale };
      };
      return { scale, centre: boxOf('Centre'), right: boxOf('Right') };
    });
    expect(places.scale).toBe(1.5);
    expect(Math.abs((places.centre.left + places.centre.right) / 2 - CENTRE / TWIPS_PER_PX)).toBeLessThan(1);
    expect(Math.abs(places.right.right - COLUMN / TWIPS_PER_PX)).toBeLessThan(1);
    await page.close();
  });

  it('prints the same pages at 150% as at 100%: printing is not scaled', async () => {
    /** Prints the open document as the print test of the pages does: the test prints the page itself, as the dialog would. */
    const printed = async (page: Page): Promise<Uint8Array> => {
      await page.evaluate(`window.print = () => { window.printCalls = (window.printCalls ?? 0) + 1; }; window.printing = editor.print(); 0;`);
      await page.waitForFunction(`window.printCalls === 1`);
      const pdf = new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await page.evaluate(`window.printing`);
      return pdf;
    };
    const plain = await openAt(1, docxFixture(LANDSCAPE));
    const atOne = await printed(plain);
    await plain.close();
    const zoomed = await openAt(1.5, docxFixture(LANDSCAPE));
    const atZoom = await printed(zoomed);
    await zoomed.close();
    expect(pageSizes(atZoom)).toEqual(pageSizes(atOne));
    expect(pdfText(atZoom)).toBe(pdfText(atOne));
  });
});
