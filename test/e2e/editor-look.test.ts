// What a person sees and does in the editor, measured in real headless Chromium on the
// script-tag example page (examples/editor): where list markers, quotes and anchored pictures
// stand, and how the toolbar and its menus are used from the keyboard. Telemetry is off: no
// collector is needed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abstractNum, buildTestDocx, num, numbered } from '../support/docx-package.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

const DOCUMENT = '#editor .quire-document';
/** Headings 1 to 6 between plain paragraphs in Normal. */
const HEADINGS_FIXTURE = 'pandoc-headers.docx';
/** The toolbar's style control, whatever its element (its name goes on to say the style shown). */
const STYLE_CONTROL = '.quire-toolbar :is(button, select)[aria-label^="Paragraph style"]';
const TABLE_CONTROL = '.quire-toolbar :is(button, select)[aria-label="Table"]';

describe('the editor on screen in Chromium', () => {
  const chromium = useRepositoryInChromium();

  /** Opens test/fixtures/docx/`name` on the example page and waits until it is shown. */
  const openFixture = (name: string): Promise<Page> => openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name));

  /** The box of the first line of text of the first paragraph holding `text`, and of its paragraph's sheet. */
  function textBox(page: Page, text: string) {
    return page.evaluate(
      ([selector, wanted]) => {
        const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.includes(wanted)) continue;
          const range = document.createRange();
          range.setStart(node, node.textContent.indexOf(wanted));
          range.setEnd(node, node.textContent.indexOf(wanted) + 1);
          const sheet = node.parentElement!.closest('.quire-sheet')!;
          const padding = parseFloat(getComputedStyle(sheet).paddingLeft);
          return { left: range.getBoundingClientRect().left, column: sheet.getBoundingClientRect().left + padding, columnRight: sheet.getBoundingClientRect().right - parseFloat(getComputedStyle(sheet).paddingRight) };
        }
        throw new Error(`"${wanted}" is not shown`);
      },
      [DOCUMENT, text] as const,
    );
  }

  it('sets list text half an inch in with its number or bullet a quarter inch left of it, and draws a Wingdings arrow bullet as ➔', async () => {
    const page = await openFixture('docxjs-numbering.docx');
    const item = await page.evaluate((selector) => {
      const lists = [...document.querySelectorAll<HTMLElement>(`${selector} ul`)];
      const arrow = lists.find((list) => getComputedStyle(list.firstElementChild!, '::before').content === '"➔"');
      const li = lists[0]!.firstElementChild as HTMLElement;
      const marker = getComputedStyle(li, '::before');
      return { arrow: arrow !== undefined, markerLeft: parseFloat(marker.marginLeft), markerWidth: parseFloat(marker.minWidth), float: marker.float };
    }, DOCUMENT);
    expect(item.arrow).toBe(true);
    // The marker floats in the hanging indent: from a quarter inch (24 px) left of the text, as wide as that gap at least.
    expect(item).toMatchObject({ markerLeft: -24, markerWidth: 24, float: 'left' });
    const box = await textBox(page, 'one');
    expect(box.left - box.column).toBeCloseTo(48, 0);
    await page.close();
  });

  it('keeps a gap between a number wider than the hanging indent ("Article 1.") and the text after it', async () => {
    const numbering = abstractNum(1, [{ format: 'decimal', text: 'Article %1.' }]) + num(1, 1);
    const file = join(mkdtempSync(join(tmpdir(), 'quire-look-')), 'articles.docx');
    writeFileSync(file, buildTestDocx({ numbering, body: numbered('Scope of the work', 1) + numbered('Payment terms', 1) }));
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, file);
    const gap = await page.evaluate((selector) => {
      const li = document.querySelector<HTMLElement>(`${selector} ol > li`)!;
      const marker = document.createElement('span');
      // The marker's width: the same text in the item's font, measured off the page flow.
      marker.textContent = 'Article 1.';
      marker.style.setProperty('position', 'absolute');
      li.firstElementChild!.append(marker);
      const width = marker.getBoundingClientRect().width;
      marker.remove();
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      const text = walker.nextNode()!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      return range.getBoundingClientRect().left - (li.getBoundingClientRect().left - 24) - width;
    }, DOCUMENT);
    expect(gap).toBeGreaterThan(2);
    await page.close();
  });

  it("shows Word's Intense Quote style centred, italic and blue between its borders, and Quote at the margin in italics", async () => {
    const page = await openFixture('pandoc-block_quotes.docx');
    const looks = await page.evaluate((selector) => {
      const look = (start: string) => {
        const paragraph = [...document.querySelectorAll<HTMLElement>(`${selector} p`)].find((p) => p.textContent!.startsWith(start))!;
        const style = getComputedStyle(paragraph);
        return { italic: style.fontStyle, color: style.color, align: style.textAlign, top: style.borderTopWidth, bottom: style.borderBottomStyle };
      };
      return { quote: look('I don’t know'), intense: look('This is called the Intense') };
    }, DOCUMENT);
    expect(looks.intense).toEqual({ italic: 'italic', color: 'rgb(79, 129, 189)', align: 'center', top: '1px', bottom: 'solid' });
    expect(looks.quote.italic).toBe('italic');
    const quote = await textBox(page, 'I don’t know');
    expect(quote.left - quote.column).toBeLessThan(2);
    await page.close();
  });

  it("shows Markdown in Word's built-in styles: Heading 1 in Calibri Light, a quote half an inch in beside Block Text's bar, code on Source Code's ground", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'quire-look-')), 'notes.md');
    writeFileSync(file, '# Title\n\n> First quoted.\n>\n> Last quoted.\n\n```\ncode\n```\n\nAfter.\n');
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, file);
    const shown = await page.evaluate((selector) => {
      const root = document.querySelector(selector)!;
      const box = (element: Element) => element.getBoundingClientRect();
      const [first, last] = [...root.querySelectorAll('blockquote > p')];
      const text = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect();
      };
      const heading = getComputedStyle(root.querySelector('h1')!);
      const code = getComputedStyle(root.querySelector('pre')!);
      return {
        heading: { family: heading.fontFamily, size: heading.fontSize, weight: heading.fontWeight, color: heading.color },
        quote: { color: getComputedStyle(first!).color, bar: getComputedStyle(first!).borderLeft, left: text(first!).left, barLeft: box(first!).left, right: box(first!).right },
        // The bar runs beside the space between the two paragraphs, and stops at the last one's text.
        gapUnderFirst: box(last!).top - box(first!).bottom,
        barBelowLast: box(last!).bottom - text(last!).bottom,
        column: { left: box(root.querySelector('h1')!).left, right: box(root.querySelector('h1')!).right },
        code: { family: code.fontFamily, size: code.fontSize, ground: code.backgroundColor },
      };
    }, DOCUMENT);
    expect(shown.heading).toEqual({ family: '"quire-laid-out calibri light", "Calibri Light", Carlito, sans-serif', size: `${(16 * 4) / 3}px`.replace(/(\.\d{4})\d+/, '$1'), weight: '400', color: 'rgb(47, 84, 150)' });
    expect(shown.quote.color).toBe('rgb(64, 64, 64)');
    expect(shown.quote.bar).toBe('2px solid rgb(191, 191, 191)');
    expect(shown.quote.left - shown.column.left).toBeCloseTo(48, 0);
    expect(shown.quote.left - shown.quote.barLeft).toBeCloseTo((9.5 * 4) / 3, 0);
    expect(shown.column.right - shown.quote.right).toBeCloseTo(48, 0);
    expect(shown.gapUnderFirst).toBeCloseTo(0, 1);
    // Below the last line only its half-leading (about 1 px), not the 10.67 px space after.
    expect(shown.barBelowLast).toBeLessThan(4);
    expect(shown.code).toEqual({ family: '"quire-laid-out courier new", "Courier New", Cousine, monospace', size: `${(10 * 4) / 3}px`.replace(/(\.\d{4})\d+/, '$1'), ground: 'rgb(246, 248, 250)' });
    await page.close();
  });

  // In the flow layout: on pages, the layout wraps text on both sides of a picture and to its
  // outline, which CSS floats cannot, and the page turns follow it (see editor-pages.test.ts).
  it('floats a square-wrapped picture away from the side its text is on, at its offset from the column edge, in the flow layout', async () => {
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture('superdoc-image-wrapping.docx'), 'flow');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.quire-document img')].slice(0, 3).every((image) => image.complete));
    const pictures = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.quire-document .quire-image')].slice(0, 3).map((picture) => {
      const box = picture.getBoundingClientRect();
      return { left: box.left, right: box.right, bottom: box.bottom, float: getComputedStyle(picture).float };
    }));
    const column = await textBox(page, 'Square wrapping style');
    // 3383 twips (225.5 px) from the column's left edge, as in Word; the text flows on its left.
    expect(pictures[0]!.float).toBe('right');
    expect(pictures[0]!.left - column.column).toBeCloseTo(225.5, -1);
    expect(column.left).toBeLessThan(pictures[0]!.left);
    // The inline picture stays in its line.
    expect(pictures[1]!.float).toBe('none');
    // Text on its right only: on the left at its offset of 2365 twips (157.7 px).
    expect(pictures[2]!.float).toBe('left');
    expect(pictures[2]!.left - column.column).toBeCloseTo(157.7, -1);
    // The text beside it wraps under it: its last line starts at the column's edge again.
    const lastLine = await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('.quire-document p')].find((p) => p.textContent!.startsWith('Square wrapping with text on right'))!;
      const text = paragraph.lastChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.length - 3);
      range.setEnd(text, text.textContent!.length);
      return range.getBoundingClientRect().top;
    });
    expect(lastLine).toBeGreaterThan(pictures[2]!.bottom);
    const wrapped = await page.evaluate((top) => {
      const paragraph = [...document.querySelectorAll('.quire-document p')].find((p) => p.textContent!.startsWith('Square wrapping with text on right'))!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      return Math.min(...[...range.getClientRects()].filter((line) => line.top >= top - 1).map((line) => line.left));
    }, lastLine);
    expect(wrapped - column.column).toBeLessThan(2);
    await page.close();
  });

  it('is one Tab stop whose controls the arrow keys move between, and acts on Enter', async () => {
    const page = await openFixture('docxjs-numbering.docx');
    // A paragraph outside lists: in a list, Shift+Tab outdents.
    // The editor reads a selection the mouse made on the page's `selectionchange` event, and not
    // once the focus has left it: wait for that event to have carried the word, as it has long
    // before a person presses the next key, or Italic below would set a stored mark only.
    await page.evaluate(() => {
      const seen = window as unknown as { selectionSeen?: string };
      document.addEventListener('selectionchange', () => { seen.selectionSeen = window.getSelection()?.toString().trim(); });
    });
    await page.locator(`${DOCUMENT} p`, { hasText: 'Bullets' }).first().dblclick({ position: { x: 12, y: 8 } });
    await expect.poll(() => page.evaluate(() => (window as unknown as { selectionSeen?: string }).selectionSeen)).toBe('Bullets');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    // From the document, Shift+Tab reaches the toolbar's one stop: the style menu (Undo and Redo are disabled).
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Paragraph style: Normal');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Bold');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Italic');
    await page.keyboard.press('Enter');
    expect(await page.locator('button[aria-label="Italic"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator(`${DOCUMENT} em`).first().innerText()).toBe('Bullets');
    // The toolbar is one stop in the Tab order: Tab from a control leaves the toolbar.
    await page.locator('button[aria-label="Italic"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.quire-toolbar') === null)).toBe(true);
    await page.close();
  });

  // The two menus (paragraph style, table): moving through their choices with the arrow keys
  // changes nothing in the document; Enter chooses. A native select on Linux fires `change` for
  // each arrow key while closed, which made ArrowDown on "Table…" insert a table at once.
  describe('the toolbar menus from the keyboard', () => {
    // The document's own elements: the page turns are sized as the pages are measured, which
    // goes on after they are drawn and is no change of the document.
    const documentHtml = (page: Page) =>
      page.locator(DOCUMENT).evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        for (const turn of copy.querySelectorAll('.quire-page-turn')) turn.remove();
        return copy.innerHTML;
      });
    const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

    /**
     * Puts the caret at the end of the first paragraph holding `text` (a body paragraph, not a
     * heading): clicks it, and again until the editor's own selection is there, which the toolbar's
     * style control then names. A page measured as it scrolls into view can move the text between
     * Playwright's aim and its click, and ProseMirror reads a click's selection a moment later.
     */
    async function caretIn(page: Page, text: string): Promise<void> {
      const target = page.locator(`${DOCUMENT} p`, { hasText: text }).first();
      await expect
        .poll(
          async () => {
            await target.click();
            await page.keyboard.press('End');
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            return page.locator(STYLE_CONTROL).getAttribute('aria-label');
          },
          { timeout: 10_000 },
        )
        .not.toMatch(/Heading/);
    }

    /** Presses each key on the focused control and checks after each that the document is as it was. */
    async function pressChangingNothing(page: Page, keys: readonly string[]): Promise<void> {
      const before = await documentHtml(page);
      for (const key of keys) {
        await page.keyboard.press(key);
        expect(await documentHtml(page), `after ${key}`).toBe(before);
      }
    }

    it('moves through the table actions with the arrow keys without acting, and inserts a 3 x 3 table on Enter', async () => {
      const page = await openFixture(HEADINGS_FIXTURE);
      await caretIn(page, 'Some plain text.');
      await page.locator(TABLE_CONTROL).focus();
      await pressChangingNothing(page, ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'End', 'Home', 'ArrowUp', 'ArrowDown']);
      expect(await page.locator(`${DOCUMENT} table`).count()).toBe(0);
      // Down opened the menu on its first entry; the keys after it came back there.
      expect(await focusedText(page)).toBe('Insert table');
      await page.keyboard.press('Enter');
      expect(await page.locator(`${DOCUMENT} table`).count()).toBe(1);
      expect(await page.locator(`${DOCUMENT} table tr`).count()).toBe(3);
      expect(await page.locator(`${DOCUMENT} table tr`).first().locator('td').count()).toBe(3);
      // The menu closed and the focus went back to the document, in the new table.
      expect(await page.locator('.quire-menu:visible').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest('.quire-document') !== null)).toBe(true);
      // The selection is in a cell: on its text node, or on the cell's empty paragraph element itself.
      const selectionInCell = () => page.evaluate(() => {
        const node = window.getSelection()?.anchorNode;
        return Boolean((node instanceof Element ? node : node?.parentElement)?.closest('td'));
      });
      await expect.poll(selectionInCell).toBe(true);
      await page.close();
    });

    it('moves through the paragraph styles with the arrow keys without applying any, and applies the one chosen with Enter', async () => {
      const page = await openFixture(HEADINGS_FIXTURE);
      await caretIn(page, 'Some plain text.');
      await page.locator(STYLE_CONTROL).focus();
      await pressChangingNothing(page, ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowDown']);
      expect(await page.locator(STYLE_CONTROL).getAttribute('aria-label')).toBe('Paragraph style: Normal');
      // Opened on the paragraph's own style, the menu says which it is.
      expect(await page.locator('[role="menuitemradio"][aria-checked="true"]').textContent()).toBe('Normal');
      // Down opened the menu on Normal; the keys after it went down two entries in all.
      expect(await focusedText(page)).toBe(await page.locator('[role="menu"] > *').nth(2).textContent());
      // Home goes to the first entry, a letter to the next entry starting with it.
      await pressChangingNothing(page, ['Home']);
      expect(await focusedText(page)).toBe('Normal');
      await pressChangingNothing(page, ['h']);
      expect(await focusedText(page)).toBe('Heading 1');
      expect(await page.locator(`${DOCUMENT} h1`, { hasText: 'Some plain text.' }).count()).toBe(0);
      await page.keyboard.press('Enter');
      expect(await page.locator(`${DOCUMENT} h1`, { hasText: 'Some plain text.' }).count()).toBe(1);
      await expect.poll(() => page.locator(STYLE_CONTROL).getAttribute('aria-label')).toBe('Paragraph style: Heading 1');
      await page.close();
    });

    it('closes a menu on Escape without acting and gives the focus back to its button, which keeps the toolbar’s Tab stop', async () => {
      const page = await openFixture(HEADINGS_FIXTURE);
      await caretIn(page, 'Some plain text.');
      await page.locator(STYLE_CONTROL).focus();
      await pressChangingNothing(page, ['Enter', 'ArrowDown', 'Escape']);
      expect(await page.locator('.quire-menu:visible').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Paragraph style: Normal');
      expect(await page.locator(STYLE_CONTROL).getAttribute('aria-expanded')).toBe('false');
      // Left and Right still move along the toolbar from there.
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
      await page.close();
    });
  });
});
