// Reviewers' colours in real Chromium, as Word gives them: in the order the document names them,
// so that its first eight reviewers never share one, the same on their changes and their comment
// cards, and the user's own after them.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { newExamplePage, chooseOnExamplePage, docxFixture } from './example-page.js';

// Two reviewers, Ann Lawyer and Bo Editor; the example page's user is the editor's default one.
const CONTRACT = 'quire-word-reviewed-contract.docx';

/** The colour each author's tracked changes and comment avatars are drawn in, as `author: colours`. */
function coloursByAuthor(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const found: Record<string, Set<string>> = {};
    for (const element of document.querySelectorAll<HTMLElement>('.quire-document :is(ins, del)[data-author], .quire-comment-avatar[data-author]')) {
      const style = getComputedStyle(element);
      const colour = element.classList.contains('quire-comment-avatar') ? style.backgroundColor : style.color;
      (found[element.dataset['author']!] ??= new Set()).add(colour);
    }
    return Object.fromEntries(Object.entries(found).map(([author, colours]) => [author, [...colours]]));
  });
}

describe('reviewers’ colours', { timeout: 60_000 }, () => {
  const chromium = useRepositoryInChromium();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.close();
    page = undefined;
  });

  it('gives each reviewer of a document a colour of their own on changes and cards, and the user one after theirs, though their names hash alike', async () => {
    page = await newExamplePage(chromium.browser, chromium.statics.origin, { width: 1400, height: 900 }, 20_000, '&markup=all&layout=flow');
    expect(await chooseOnExamplePage(page, docxFixture(CONTRACT))).toBe(`${CONTRACT} is open.`);
    await page.waitForSelector('.quire-comment-avatar');
    const read = await coloursByAuthor(page);
    expect(Object.keys(read).sort()).toEqual(['Ann Lawyer', 'Bo Editor']);
    // One colour per author, on both their changes and their avatars.
    for (const colours of Object.values(read)) expect(colours).toHaveLength(1);
    expect(read['Ann Lawyer']![0]).not.toBe(read['Bo Editor']![0]);

    // Ada Lovelace's name hashes to Ann Lawyer's colour slot: a new reviewer still gets a colour of her own.
    await page.evaluate(`editor.setUser({ name: 'Ada Lovelace' }); editor.setMode('suggest')`);
    await page.click('.quire-document p', { position: { x: 2, y: 2 } });
    await page.keyboard.type('Draft ');
    await page.waitForFunction(() => document.querySelector('.quire-document ins[data-author="Ada Lovelace"]') !== null);
    const withUser = await coloursByAuthor(page);
    expect(withUser['Ada Lovelace']).toHaveLength(1);
    expect([read['Ann Lawyer']![0], read['Bo Editor']![0]]).not.toContain(withUser['Ada Lovelace']![0]);
    expect(withUser['Ann Lawyer']).toEqual(read['Ann Lawyer']);
  });
});
