// The comment cards beside the document in real headless Chromium, on the example page: each card
// stands at the top of its range (or just under the card above it), a click on a card selects its
// range, and the caret in a range makes its card the active one; in the pages and the flow layout.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

const FIXTURES = ['python-docx-comments-rich-para.docx', 'superdoc-gdocs-comments-export.docx'];
// How far a card may stand from the top of its range (rounding, the card's own border).
const TOLERANCE_PX = 3;
const SCREENSHOTS = process.env['QUIRE_SCREENSHOTS'];

const chromium = useRepositoryInChromium();

interface CardPlace {
  readonly id: string;
  readonly cardTop: number;
  readonly cardBottom: number;
  readonly rangeTop: number | null;
}

/** Each card's top and bottom and the top of its range, in the page's coordinates, once the cards are placed. */
async function cardPlaces(page: Page): Promise<CardPlace[]> {
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('.quire-comment-card')];
    return cards.length > 0 && cards.every((card) => card.style.top !== '');
  });
  // Placed after a frame: two more let a late layout settle.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.quire-comment-card')].map((card) => {
      const id = card.dataset['commentId']!;
      const range = document.querySelector(`.quire-document .quire-comment[data-comment-id="${CSS.escape(id)}"]`);
      const box = card.getBoundingClientRect();
      return { id, cardTop: box.top, cardBottom: box.bottom, rangeTop: range ? range.getBoundingClientRect().top : null };
    }),
  );
}

describe.each(['pages', 'flow'] as const)('comment cards in the %s layout', (layout) => {
  it.each(FIXTURES)('stands each card of %s at the top of its range, or just under the card above', async (name) => {
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name), layout);
    try {
      const places = await cardPlaces(page);
      expect(places.length).toBeGreaterThan(0);
      let previousBottom = -Infinity;
      for (const place of [...places].sort((a, b) => a.cardTop - b.cardTop)) {
        expect(place.rangeTop, `comment ${place.id} has a range`).not.toBeNull();
        const pushedTo = previousBottom + 8;
        // At its range, unless the card above reaches below that: then just under it.
        if (place.rangeTop! >= pushedTo - TOLERANCE_PX) expect(Math.abs(place.cardTop - place.rangeTop!)).toBeLessThanOrEqual(TOLERANCE_PX);
        else expect(Math.abs(place.cardTop - pushedTo)).toBeLessThanOrEqual(TOLERANCE_PX);
        previousBottom = place.cardBottom;
      }
      // The sheets keep their room: no card covers the document's sheets.
      const overlap = await page.evaluate(() => {
        const sheetsRight = Math.max(...[...document.querySelectorAll('.quire-sheet')].map((sheet) => sheet.getBoundingClientRect().right));
        return Math.min(...[...document.querySelectorAll('.quire-comment-card')].map((card) => card.getBoundingClientRect().left)) - sheetsRight;
      });
      expect(overlap).toBeGreaterThan(0);
      if (SCREENSHOTS) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOTS, `${name.replace(/\.docx$/, '')}-${layout}.png`) });
      }
    } finally {
      await page.close();
    }
  });

  it('selects the range of a card clicked, and makes the card of the range the caret enters the active one', async () => {
    const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(FIXTURES[0]!), layout);
    try {
      const places = await cardPlaces(page);
      const last = places.at(-1)!;
      const card = page.locator(`.quire-comment-card[data-comment-id="${last.id}"]`);
      await card.click({ position: { x: 150, y: 6 } });
      const expected = await page.evaluate((id) => [...document.querySelectorAll(`.quire-document .quire-comment[data-comment-id="${id}"]`)].map((span) => span.textContent).join(''), last.id);
      expect(await page.evaluate(() => document.getSelection()?.toString())).toBe(expected);
      expect(await card.getAttribute('data-active')).toBe('true');
      expect(await page.locator('.quire-document .quire-comment-active').count()).toBeGreaterThan(0);

      const first = places[0]!;
      await page.locator(`.quire-document .quire-comment[data-comment-id="${first.id}"]`).first().click();
      await page.waitForFunction((id) => document.querySelector(`.quire-comment-card[data-comment-id="${id}"]`)?.getAttribute('data-active') === 'true', first.id);
      expect(await card.getAttribute('data-active')).toBe('false');
    } finally {
      await page.close();
    }
  });
});
