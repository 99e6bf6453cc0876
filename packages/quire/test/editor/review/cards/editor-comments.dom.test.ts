// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorOptions } from '../../../../src/editor/index.js';
import { readDocx } from '../../../../src/readers/index.js';
import { isQuireOptionsError } from '../../../../src/quire-options-error.js';
import { mount, mountFixture, readFixture, selectText, settle } from '../../editor-harness.js';

const COMMENTED = 'python-docx-comments-rich-para.docx';

afterEach(() => {
  document.body.replaceChildren();
});

describe('the comments of the document in the editor', () => {
  it('lists the comments read from the file as plain data, each with the text its range holds', async () => {
    const read = await readDocx(readFixture(COMMENTED));
    const { editor } = await mountFixture(COMMENTED, { fonts: false });
    const listed = editor.comments.list();
    expect(listed.map(({ anchorText: _, ...comment }) => comment)).toEqual(read.review.comments);
    const anchored = new Map<string, string>();
    read.value.descendants((node) => {
      const mark = node.marks.find((each) => each.type.name === 'comment');
      if (mark && node.isText) anchored.set(String(mark.attrs['id']), (anchored.get(String(mark.attrs['id'])) ?? '') + node.text);
    });
    expect(listed.map((comment) => comment.anchorText)).toEqual(listed.map((comment) => anchored.get(comment.id) ?? null));
    expect(JSON.parse(JSON.stringify(listed))).toEqual(listed);
  });

  it('builds one card per thread after the document, in the order of their ranges, in the Tab order', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false });
    const viewport = element.querySelector('.quire-viewport')!;
    expect(viewport.getAttribute('data-comments')).toBe('beside');
    expect(viewport.lastElementChild?.matches('aside.quire-comments')).toBe(true);
    const cards = [...element.querySelectorAll<HTMLElement>('.quire-comment-card')];
    const anchored = editor.comments.list().filter((comment) => comment.anchorText !== null);
    expect(cards.map((card) => card.dataset['commentId'])).toEqual(anchored.map((comment) => comment.id));
    expect(cards.every((card) => card.tabIndex === 0)).toBe(true);
  });

  it('gives a document without comments no column and lists nothing', async () => {
    const { editor, element } = await mountFixture('docxjs-footnote.docx', { fonts: false });
    expect(editor.comments.list()).toEqual([]);
    expect(element.querySelector('.quire-comments')).toBeNull();
    expect(element.querySelector('.quire-viewport')?.hasAttribute('data-comments')).toBe(false);
  });

  it('hides the column with `comments: hidden`, and shows it again with setView', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false, comments: 'hidden' });
    const column = element.querySelector<HTMLElement>('.quire-comments')!;
    expect(column.hidden).toBe(true);
    expect(editor.comments.view).toBe('hidden');
    editor.comments.setView('beside');
    expect(column.hidden).toBe(false);
    expect(element.querySelector('.quire-viewport')?.getAttribute('data-comments')).toBe('beside');
  });

  it('names `comments` when the view is neither beside nor hidden', () => {
    let option: string | undefined;
    try {
      mount({ comments: 'margin' } as unknown as EditorOptions);
    } catch (error) {
      if (isQuireOptionsError(error)) option = error.option;
    }
    expect(option).toBe('comments');
  });

  it('makes a card active and highlights its range on Enter, and the card of the range the caret goes into', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false });
    const [first, second] = editor.comments.list();
    const card = (id: string) => element.querySelector<HTMLElement>(`.quire-comment-card[data-comment-id="${id}"]`)!;
    card(second!.id).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(card(second!.id).dataset['active']).toBe('true');
    expect(element.querySelector('.quire-document .quire-comment-active')?.textContent).toBe(second!.anchorText);

    selectText(element, first!.anchorText!.slice(2, 6));
    await settle();
    expect(card(first!.id).dataset['active']).toBe('true');
    expect(card(second!.id).dataset['active']).toBe('false');
  });
});
