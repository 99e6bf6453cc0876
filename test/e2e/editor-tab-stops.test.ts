// Tab stops in the editor, measured in real headless Chromium on the script-tag example page
// (examples/editor): the text after a tab stands at its stop as Word places it, a contents line's
// page number ends at a right stop with dot leaders before it, and a footer-like line puts its
// parts at the centre and right stops. It runs where Carlito (Calibri's metrics) is installed, as
// on most Linux desktops with LibreOffice, and where it is not and the editor loads it as a web
// font; Chromium sees one or the other through a fontconfig file of the test's own. Screenshots
// are written to tmp/editor-tab-stops-<world>.png.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestDocx } from '../support/docx-package.js';
import { FONT_WORLDS, repositoryRoot, waitForFontFamily } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { newExamplePage } from './example-page.js';

const DOCUMENT = '#editor .quire-document';
// A4 with one-inch margins: the text column is 9026 twips wide, 601.7 CSS pixels (15 twips each).
const COLUMN = 9026;
const CENTRE = 4513;
const PX = 15;

function tabbed(runs: readonly string[], tabs: string, pPr = ''): string {
  const body = runs.map((text, index) => `${index > 0 ? '<w:r><w:tab/></w:r>' : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`).join('');
  return `<w:p><w:pPr>${pPr}<w:tabs>${tabs}</w:tabs></w:pPr>${body}</w:p>`;
}

// A start stop two inches from the right margin of a right-to-left paragraph indented half an inch at its start.
const RTL_STOP = 2880;
const RTL_INDENT = 720;

const DOCX = buildTestDocx({
  body:
    tabbed(['Introduction', '12'], `<w:tab w:val="right" w:leader="dot" w:pos="${COLUMN}"/>`) +
    tabbed(['Terms of payment and delivery', '148'], `<w:tab w:val="right" w:leader="dot" w:pos="${COLUMN}"/>`) +
    tabbed(['Left', 'Centre', 'Right'], `<w:tab w:val="center" w:pos="${CENTRE}"/><w:tab w:val="right" w:pos="${COLUMN}"/>`) +
    tabbed(['מבוא', 'פרק'], `<w:tab w:val="left" w:pos="${RTL_STOP}"/>`, `<w:bidi/><w:ind w:left="${RTL_INDENT}"/>`) +
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>',
});

describe.each(FONT_WORLDS)('tab stops in the editor in Chromium %s', (world) => {
  const chromium = useRepositoryInChromium(world);
  let page: Page;

  beforeAll(async () => {
    expect(chromium.fonts!.families.includes('Carlito')).toBe(world === 'with open fonts');
    const file = join(mkdtempSync(join(tmpdir(), 'quire-tabs-')), 'tab-stops.docx');
    writeFileSync(file, DOCX);
    page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1200, height: 900 }, 30_000);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'tab-stops.docx is open.', null, { timeout: 15_000 });
    // Tabs are measured after layout, a few rounds as lines settle, and again once the web fonts
    // arrive: wait until Carlito (the document is in Calibri) is there, installed or loaded by the
    // editor, then until the tabs' widths have stayed the same for a quarter of a second.
    await waitForFontFamily(page, 'Carlito', { timeout: 15_000 });
    await page.waitForFunction(
      (selector) => {
        const widths = [...document.querySelectorAll<HTMLElement>(`${selector} .quire-tab`)].map((tab) => tab.style.width).join();
        const seen = window as unknown as { tabWidths?: string; tabWidthsSince?: number };
        if (widths !== seen.tabWidths) Object.assign(seen, { tabWidths: widths, tabWidthsSince: performance.now() });
        return !widths.split(',').includes('0px') && performance.now() - seen.tabWidthsSince! > 250;
      },
      DOCUMENT,
      { polling: 50, timeout: 15_000 },
    );
    await page.locator(DOCUMENT).screenshot({ path: join(repositoryRoot, `tmp/editor-tab-stops-${world.replaceAll(' ', '-')}.png`) });
  }, 60_000);

  /**
   * The boxes of the words `words` in the paragraph that starts with the first of them, in pixels
   * from the start of the text column, and each tab space's box and leader.
   */
  function layout(words: readonly string[]) {
    return page.evaluate(
      ([selector, wanted]) => {
        const paragraph = [...document.querySelectorAll<HTMLElement>(`${selector} p`)].find((p) => p.textContent!.startsWith(wanted[0]!))!;
        const sheet = paragraph.closest('.quire-sheet')!;
        const column = sheet.getBoundingClientRect().left + parseFloat(getComputedStyle(sheet).paddingLeft);
        const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
        const boxes: { left: number; right: number; top: number }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const word = wanted[boxes.length];
          if (word === undefined || !node.textContent!.includes(word)) continue;
          const range = document.createRange();
          range.setStart(node, node.textContent!.indexOf(word));
          range.setEnd(node, node.textContent!.indexOf(word) + word.length);
          const box = range.getBoundingClientRect();
          boxes.push({ left: box.left - column, right: box.right - column, top: box.top });
        }
        const tabs = [...paragraph.querySelectorAll<HTMLElement>('.quire-tab')].map((tab) => {
          const box = tab.getBoundingClientRect();
          return { left: box.left - column, right: box.right - column, leader: tab.dataset['leader'] ?? null, drawn: getComputedStyle(tab, '::before').content };
        });
        return { boxes, tabs };
      },
      [DOCUMENT, words] as const,
    );
  }

  it('ends the text after a tab at a right stop, with dot leaders filling the space before it', async () => {
    for (const [title, number] of [['Introduction', '12'], ['Terms of payment and delivery', '148']] as const) {
      const { boxes, tabs } = await layout([title, number]);
      expect(boxes).toHaveLength(2);
      // The page number ends at the stop, on the title's line, within a pixel (a stop at the end
      // of the line is taken half a pixel short of it, so that the browser's rounding cannot wrap).
      expect(Math.abs(boxes[1]!.right - COLUMN / PX)).toBeLessThan(1);
      expect(boxes[1]!.top).toBeCloseTo(boxes[0]!.top, 0);
      // The tab fills the space between the title and the number, drawn with dots.
      expect(tabs).toHaveLength(1);
      expect(tabs[0]!.left).toBeCloseTo(boxes[0]!.right, 0);
      expect(tabs[0]!.right).toBeCloseTo(boxes[1]!.left, 0);
      expect(tabs[0]!.leader).toBe('dot');
      expect(tabs[0]!.drawn).toMatch(/^"\.{20,}"$/);
    }
  });

  it('puts the parts of a footer-like "Left, Centre, Right" line at the margin, the centre stop and the right stop', async () => {
    const { boxes, tabs } = await layout(['Left', 'Centre', 'Right']);
    expect(boxes).toHaveLength(3);
    expect(boxes[0]!.left).toBeCloseTo(0, 0);
    // Centred on the centre stop, ended at the right stop, all on one line, within a pixel.
    expect(Math.abs((boxes[1]!.left + boxes[1]!.right) / 2 - CENTRE / PX)).toBeLessThan(1);
    expect(Math.abs(boxes[2]!.right - COLUMN / PX)).toBeLessThan(1);
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(tabs.map((tab) => tab.leader)).toEqual([null, null]);
  });

  it('measures the stops of a right-to-left paragraph from the right margin, its indent there too, the text after a start stop starting at it', async () => {
    const { boxes } = await layout(['מבוא', 'פרק']);
    expect(boxes).toHaveLength(2);
    expect(Math.abs(boxes[0]!.right - (COLUMN - RTL_INDENT) / PX)).toBeLessThan(1);
    expect(Math.abs(boxes[1]!.right - (COLUMN - RTL_STOP) / PX)).toBeLessThan(1);
    expect(boxes[1]!.top).toBeCloseTo(boxes[0]!.top, 0);
  });
});
