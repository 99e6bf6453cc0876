// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedComment } from '../../../../src/editor/index.js';
import { isQuireOptionsError } from '../../../../src/quire-options-error.js';
import { readDocx } from '../../../../src/readers/index.js';
import { afterPaint, mountFixture, selectText, settle } from '../../editor-harness.js';

const COMMENTED = 'python-docx-comments-rich-para.docx';
const PLAIN = 'docxjs-footnote.docx';
const USER = { name: 'Ada Lovelace', initials: 'AL' };

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const card = (element: HTMLElement, id: string) => element.querySelector<HTMLElement>(`.quire-comment-card[data-comment-id="${id}"]`);

describe('making comments with editor.comments', () => {
  it('adds a comment on the selection by the user, dated by the clock, as one undo step', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-06T07:08:09.500Z'));
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: USER });
    selectText(element, 'content2');
    const id = editor.comments.add('Is this right?');
    expect(id).not.toBeNull();
    expect(editor.comments.list()).toEqual([
      { id, author: 'Ada Lovelace', initials: 'AL', date: '2026-05-06T07:08:09Z', paragraphs: ['Is this right?'], paraId: null, parentId: null, done: false, durableId: null, anchorText: 'content2' },
    ]);
    expect(card(element, id!)?.textContent).toContain('Is this right?');
    expect(editor.commands.undo()).toBe(true);
    expect(editor.comments.list()).toEqual([]);
    expect(element.querySelector('.quire-comments')).toBeNull();
    expect(editor.commands.redo()).toBe(true);
    expect(editor.comments.list().map((comment) => comment.anchorText)).toEqual(['content2']);
  });

  it('replies, edits its own comment, resolves and reopens the thread, each one undo step', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false, user: USER });
    const [first] = editor.comments.list();
    const reply = editor.comments.reply(first!.id, 'Agreed')!;
    expect(editor.comments.list().find((comment) => comment.id === reply)).toMatchObject({ parentId: first!.id, author: USER.name, anchorText: first!.anchorText });
    expect(card(element, first!.id)?.querySelector('.quire-comment-replies')?.textContent).toContain('Agreed');

    expect(editor.comments.update(reply, 'Agreed, with a change')).toBe(true);
    expect(editor.comments.update(first!.id, 'Not mine to change')).toBe(false);
    expect(editor.comments.resolve(reply)).toBe(true);
    const thread = (comments: ListedComment[]) => comments.filter((comment) => comment.id === first!.id || comment.id === reply);
    expect(thread(editor.comments.list()).map((comment) => comment.done)).toEqual([true, true]);
    expect(card(element, first!.id)?.dataset['done']).toBe('true');
    expect(editor.comments.resolve(first!.id)).toBe(false);
    expect(editor.comments.reopen(first!.id)).toBe(true);
    expect(thread(editor.comments.list()).map((comment) => comment.done)).toEqual([false, false]);

    editor.commands.undo();
    expect(thread(editor.comments.list()).map((comment) => comment.done)).toEqual([true, true]);
    editor.commands.undo();
    expect(editor.comments.list().find((comment) => comment.id === reply)?.paragraphs).toEqual(['Agreed, with a change']);
    editor.commands.undo();
    expect(editor.comments.list().find((comment) => comment.id === reply)?.paragraphs).toEqual(['Agreed']);
    editor.commands.undo();
    expect(editor.comments.list().some((comment) => comment.id === reply)).toBe(false);
  });

  it('removes a comment with its replies and their ranges, and brings them back on undo', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false, user: USER });
    const before = editor.comments.list();
    const first = before[0]!;
    editor.comments.reply(first.id, 'A reply');
    const withReply = editor.comments.list();
    expect(editor.comments.remove(first.id)).toBe(true);
    expect(editor.comments.list()).toEqual(before.slice(1));
    expect(element.querySelector(`.quire-document [data-comment-id="${first.id}"]`)).toBeNull();
    editor.commands.undo();
    expect(editor.comments.list()).toEqual(withReply);
  });

  it('sends the comments event with the plain data list when comments change, and exports them', async () => {
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: USER });
    const sent: ListedComment[][] = [];
    editor.on('comments', (event) => sent.push([...event.comments]));
    selectText(element, 'content2');
    const id = editor.comments.add('First')!;
    editor.comments.resolve(id);
    expect(sent.map((list) => list.map((comment) => comment.done))).toEqual([[false], [true]]);
    expect(JSON.parse(JSON.stringify(sent[1]))).toEqual(editor.comments.list());
    const read = await readDocx(new Uint8Array(await (await editor.export()).arrayBuffer()));
    expect(read.review.comments.map(({ author, paragraphs, done }) => ({ author, paragraphs, done }))).toEqual([{ author: USER.name, paragraphs: ['First'], done: true }]);
  });

  it('gives a new comment by a user without initials the initials its card shows, and the export writes them for other readers', async () => {
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: { name: 'Grace Brewster Hopper' } });
    selectText(element, 'content2');
    const id = editor.comments.add('First')!;
    const shown = card(element, id)?.querySelector('.quire-comment-avatar')?.textContent;
    expect(shown).toBe('GH');
    expect(editor.comments.list()[0]?.initials).toBe(shown);
    const read = await readDocx(new Uint8Array(await (await editor.export()).arrayBuffer()));
    expect(read.review.comments.map((comment) => comment.initials)).toEqual([shown]);
  });

  it('refuses to change comments in view mode and to add one without selected text, and names a wrong argument', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false, user: USER, mode: 'view' });
    const [first] = editor.comments.list();
    expect(editor.comments.reply(first!.id, 'No')).toBeNull();
    expect(editor.comments.resolve(first!.id)).toBe(false);
    expect(editor.comments.remove(first!.id)).toBe(false);
    expect(card(element, first!.id)?.querySelector('button[data-action]')).toBeNull();
    editor.setMode('edit');
    expect(card(element, first!.id)?.querySelector('button[data-action="resolve"]')).not.toBeNull();
    expect(editor.comments.add('Nothing selected', { from: 1, to: 1 })).toBeNull();
    let option: string | undefined;
    try {
      editor.comments.add('');
    } catch (error) {
      if (isQuireOptionsError(error)) option = error.option;
    }
    expect(option).toBe('text');
  });

  it('opens a new comment card with Ctrl+Alt+M, adds the comment when posted and closes without one on Escape', async () => {
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: USER });
    const press = (target: Element, key: string, init: KeyboardEventInit = {}) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
    selectText(element, 'content2');
    press(element.querySelector('.quire-document')!, 'm', { ctrlKey: true, altKey: true });
    await settle();
    const field = element.querySelector<HTMLTextAreaElement>('.quire-comment-draft textarea')!;
    expect(field.getAttribute('aria-label')).toBe('New comment');
    expect(document.activeElement).toBe(field);
    press(field, 'Escape');
    expect(element.querySelector('.quire-comment-draft')).toBeNull();
    expect(editor.comments.list()).toEqual([]);

    selectText(element, 'content2');
    await afterPaint();
    const button = element.querySelector<HTMLButtonElement>('button[aria-label="New comment (Ctrl+Alt+M)"]')!;
    expect(button.disabled).toBe(false);
    button.click();
    await settle();
    const again = element.querySelector<HTMLTextAreaElement>('.quire-comment-draft textarea')!;
    again.value = 'Posted from the card';
    again.form!.requestSubmit();
    expect(editor.comments.list().map((comment) => [comment.paragraphs[0], comment.anchorText])).toEqual([['Posted from the card', 'content2']]);
    expect(element.querySelector('.quire-comment-draft')).toBeNull();
  });

  it('answers, resolves and deletes from the card buttons, which are named for screen readers', async () => {
    const { editor, element } = await mountFixture(COMMENTED, { fonts: false, user: USER });
    const [first] = editor.comments.list();
    const button = (action: string) => card(element, first!.id)!.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`)!;
    expect(button('reply').getAttribute('aria-label')).toBe(`Reply to the comment by ${first!.author}`);
    button('reply').click();
    const field = card(element, first!.id)!.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(document.activeElement).toBe(field);
    field.value = 'From the reply box';
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    const reply = editor.comments.list().find((comment) => comment.parentId === first!.id && comment.author === USER.name);
    expect(reply?.paragraphs).toEqual(['From the reply box']);
    expect(card(element, first!.id)!.querySelector(`button[data-action="edit"][data-comment-id="${reply!.id}"]`)).not.toBeNull();
    button('resolve').click();
    expect(editor.comments.list().find((comment) => comment.id === first!.id)?.done).toBe(true);
    expect(button('reopen').getAttribute('aria-label')).toBe(`Reopen the comment by ${first!.author}`);
    button('delete').click();
    expect(editor.comments.list().some((comment) => comment.id === first!.id || comment.id === reply!.id)).toBe(false);
  });

  it('edits the user\u2019s own comment from its Edit button, and gives the buttons and the focus back to the card on Escape', async () => {
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: USER });
    selectText(element, 'content2');
    const id = editor.comments.add('Frist')!;
    const thread = card(element, id)!;
    thread.querySelector<HTMLButtonElement>('button[data-action="reply"]')!.click();
    const actions = thread.querySelector<HTMLElement>('.quire-comment-actions')!;
    expect(actions.hidden).toBe(true);
    thread.querySelector('textarea')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(thread.querySelector('textarea')).toBeNull();
    expect(actions.hidden).toBe(false);
    expect(document.activeElement).toBe(thread);

    thread.querySelector<HTMLButtonElement>('button[data-action="edit"]')!.click();
    const field = thread.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(field.getAttribute('aria-label')).toBe('Edit comment');
    expect(field.value).toBe('Frist');
    field.value = 'First';
    field.form!.requestSubmit();
    expect(editor.comments.list()[0]?.paragraphs).toEqual(['First']);
    expect(card(element, id)?.querySelector('.quire-comment-text')?.textContent).toBe('First');
  });

  it('puts a new comment on the text selected when its card opened, though an edit before it moved that text', async () => {
    const { editor, element } = await mountFixture(PLAIN, { fonts: false, user: USER });
    selectText(element, 'content2');
    element.querySelector('.quire-document')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', ctrlKey: true, altKey: true, bubbles: true, cancelable: true }));
    const field = element.querySelector<HTMLTextAreaElement>('.quire-comment-draft textarea')!;
    selectText(element, 'content');
    expect(editor.commands.insertTable(2, 2)).toBe(true);
    field.value = 'Still on content2';
    field.form!.requestSubmit();
    expect(editor.comments.list().map((comment) => comment.anchorText)).toEqual(['content2']);
  });
});
