// Suggest mode in Chromium with the real keyboard: typing, Backspace, Enter, Backspace across a
// paragraph mark and typing over a selection are recorded as tracked changes by the user, and the
// export holds them.
import type { Page } from 'playwright-core';
import type { Node } from 'prosemirror-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StructureChange } from '../../packages/quire/src/model/marks/review-marks.js';
import { readDocx } from '../../packages/quire/src/readers/docx/read-docx.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { newReviewingEditor, nextFrame, pressEach } from './example-page.js';

const DOCUMENT = '#suggesting .quire-document';

interface Exported {
  readonly changes: { kind: string; author: string; text: string }[];
  readonly marks: { kind: string; author: string }[];
  readonly paragraphs: string[];
}

// The tracked changes of a document: text runs by change, and the paragraph marks' changes.
function changesOf(doc: Node): Exported {
  const changes: Exported['changes'] = [];
  const marks: Exported['marks'] = [];
  const paragraphs: string[] = [];
  let lastId: string | null = null;
  doc.descendants((node) => {
    if (node.isTextblock) {
      paragraphs.push(node.textContent);
      const markChange = node.attrs['markChange'] as StructureChange | null;
      if (markChange) marks.push({ kind: markChange.kind, author: markChange.author });
      lastId = null;
      return true;
    }
    if (!node.isInline) return true;
    const mark = node.isText ? node.marks.find((candidate) => candidate.type.name === 'insertion' || candidate.type.name === 'deletion') : undefined;
    if (!mark) {
      lastId = null;
      return false;
    }
    const id = `${mark.type.name} ${String(mark.attrs['id'])}`;
    if (id === lastId) changes[changes.length - 1]!.text += node.text;
    else changes.push({ kind: mark.type.name, author: String(mark.attrs['author']), text: node.text! });
    lastId = id;
    return false;
  });
  return { changes, marks, paragraphs };
}

describe('suggest mode in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    page = await newReviewingEditor(chromium.browser, chromium.statics.origin, 'suggesting', 'Ann Reviewer');
  });
  afterAll(async () => {
    await page?.close();
  });

  const keys = (...names: string[]) => pressEach(page, ...names);
  const left = (text: string) => [...text].map(() => 'ArrowLeft');
  const setMode = (mode: string) => page.evaluate((next) => (window as unknown as { suggesting: { setMode(mode: string): void } }).suggesting.setMode(next), mode);
  const exported = async (): Promise<Exported> => {
    const bytes = await page.evaluate(async () => [...new Uint8Array(await (await (window as unknown as { suggesting: { export(): Promise<Blob> } }).suggesting.export()).arrayBuffer())]);
    return changesOf((await readDocx(new Uint8Array(bytes))).value);
  };

  it('records what the keyboard does as Word records it with Track Changes on', async () => {
    await page.click(DOCUMENT);
    await page.keyboard.type('Hello world');
    await page.keyboard.press('Enter');
    await nextFrame(page);
    await page.keyboard.type('Second line');
    await setMode('suggest');
    await page.click(DOCUMENT);

    // Typing at the end of the first paragraph, one key at a time, then taking a typo back.
    await keys('Control+Home', 'End');
    await page.keyboard.type(' againx');
    await page.keyboard.press('Backspace');
    // Deleting the last letter of "world", which was there before: marked, not removed.
    await keys(...left(' again'), 'Backspace');
    let now = await exported();
    expect(now.changes).toEqual([
      { kind: 'deletion', author: 'Ann Reviewer', text: 'd' },
      { kind: 'insertion', author: 'Ann Reviewer', text: ' again' },
    ]);
    expect(now.paragraphs).toEqual(['Hello world again', 'Second line']);

    // Enter in the middle of the second paragraph, then Backspace at the start of the second paragraph.
    await keys('Control+End', ...left('line'), 'Enter', 'Control+Home', 'ArrowDown', 'Home', 'Backspace');
    now = await exported();
    expect(now.paragraphs).toEqual(['Hello world again', 'Second ', 'line']);
    expect(now.marks).toEqual([
      { kind: 'deletion', author: 'Ann Reviewer' },
      { kind: 'insertion', author: 'Ann Reviewer' },
    ]);

    // Backspace on the deleted "d" moves over it; the next one deletes the "l" before it, the same change.
    await keys('Control+Home', 'End', ...left(' again'), 'Backspace', 'Backspace');
    // Typing over a selected word: the word is marked deleted, the new one follows it.
    await keys('Control+Home', 'ArrowDown', 'Home', 'Shift+Control+ArrowRight');
    await page.keyboard.type('Third');
    now = await exported();
    expect(now.changes.map(({ kind, text }) => `${kind} ${text}`)).toEqual(['deletion ld', 'insertion  again', 'deletion Second', 'insertion Third']);
    // In all markup the page shows them: deletions struck (del), insertions underlined (ins).
    expect(await page.locator(`${DOCUMENT} del`).allTextContents()).toEqual(['ld', 'Second']);
  });
});
