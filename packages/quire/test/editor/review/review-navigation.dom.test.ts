// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaint, documentElement, mountFixture, selectText } from '../editor-harness.js';

const WORD = 'superdoc-msword-tracked-changes.docx';
const COMMENTS = 'python-docx-comments-rich-para.docx';

afterEach(() => {
  document.body.replaceChildren();
});

// Alt+Shift+. and Alt+Shift+, as a US keyboard sends them: the key is the shifted character, the key code the unshifted key's.
const navigationKey = (direction: 'next' | 'previous') =>
  new KeyboardEvent('keydown', { key: direction === 'next' ? '>' : '<', code: direction === 'next' ? 'Period' : 'Comma', keyCode: direction === 'next' ? 190 : 188, altKey: true, shiftKey: true, bubbles: true, cancelable: true });

describe('editor.changes.next and previous', () => {
  it('go through the tracked changes in document order from the caret, wrapping round at either end', async () => {
    const { editor } = await mountFixture(WORD, { fonts: false });
    const ids = editor.changes.list().map((change) => change.id);
    expect(ids.length).toBeGreaterThan(2);
    const forward = ids.map(() => editor.changes.next()?.id);
    expect(forward).toEqual(ids);
    expect(editor.changes.next()).toEqual({ kind: 'change', id: ids[0] });
    expect(editor.changes.previous()).toEqual({ kind: 'change', id: ids.at(-1) });
    expect(editor.changes.previous()).toEqual({ kind: 'change', id: ids.at(-2) });
    editor.destroy();
  });

  it('select the change they stop at, so that the selection’s decision applies to it', async () => {
    const { editor } = await mountFixture(WORD, { fonts: false });
    const [, second] = editor.changes.list();
    editor.changes.next();
    expect(editor.changes.next()?.id).toBe(second!.id);
    expect(editor.changes.acceptInSelection()).toBe(true);
    expect(editor.changes.list().map((change) => change.id)).not.toContain(second!.id);
    editor.destroy();
  });

  it('start from the caret: the next change is the first after it, the previous the last before it', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    const list = editor.changes.list();
    const deleteMe = list.findIndex((change) => change.text === 'Delete me');
    selectText(element, 'Delete me');
    expect(editor.changes.next()?.id).toBe(list[deleteMe + 1]!.id);
    selectText(element, 'Delete me');
    expect(editor.changes.previous()?.id).toBe(list[deleteMe - 1]!.id);
    editor.destroy();
  });

  it('stop at comment ranges too, each once, and say so', async () => {
    const { editor } = await mountFixture(COMMENTS, { fonts: false });
    const anchored = editor.comments.list().filter((comment) => comment.anchorText !== null);
    const stops = anchored.map(() => editor.changes.next());
    expect(stops.every((stop) => stop?.kind === 'comment')).toBe(true);
    expect(new Set(stops.map((stop) => stop?.id)).size).toBeGreaterThan(1);
    expect(editor.changes.next()).toEqual(stops[0]);
    editor.destroy();
  });

  it('work in view mode and from the keyboard (Alt+Shift+. and Alt+Shift+,), and return null without changes or comments', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false, mode: 'view' });
    const ids = editor.changes.list().map((change) => change.id);
    expect(editor.changes.next()?.id).toBe(ids[0]);
    documentElement(element).dispatchEvent(navigationKey('next'));
    documentElement(element).dispatchEvent(navigationKey('next'));
    expect(editor.changes.next()?.id).toBe(ids[3]);
    const previous = navigationKey('previous');
    documentElement(element).dispatchEvent(previous);
    expect(previous.defaultPrevented).toBe(true);
    expect(editor.changes.previous()?.id).toBe(ids[1]);
    const plain = await mountFixture('docxjs-text.docx', { fonts: false });
    expect(plain.editor.changes.next()).toBeNull();
    expect(plain.editor.changes.previous()).toBeNull();
    editor.destroy();
    plain.editor.destroy();
  });
});

describe('the toolbar’s review navigation and mode menu', () => {
  const named = (element: HTMLElement, label: string) => element.querySelector<HTMLButtonElement>(`.quire-toolbar button[aria-label^="${label}"]`)!;

  it('has Previous and Next buttons that select a change, named with their keys, usable in view mode', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    await afterPaint();
    expect(named(element, 'Next change').getAttribute('aria-label')).toBe('Next change (Alt+Shift+.)');
    expect(named(element, 'Previous change').getAttribute('aria-label')).toBe('Previous change (Alt+Shift+,)');
    expect(named(element, 'Accept change').disabled).toBe(true);
    named(element, 'Next change').click();
    await afterPaint();
    expect(named(element, 'Accept change').disabled).toBe(false);
    editor.setMode('view');
    expect(named(element, 'Next change').disabled).toBe(false);
    expect(named(element, 'Previous change').disabled).toBe(false);
    expect(named(element, 'Accept change').disabled).toBe(true);
    editor.destroy();
  });

  it('shows the mode on a menu of Editing, Suggesting and Viewing, which switches it, and stays usable in view mode', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    const modes = named(element, 'Mode');
    expect(modes.textContent).toBe('Editing');
    expect(modes.getAttribute('aria-label')).toBe('Mode: Editing');
    const choose = (label: string) => {
      modes.click();
      const items = [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Mode"] > [role="menuitemradio"]')];
      expect(items.map((item) => item.textContent)).toEqual(['Editing', 'Suggesting', 'Viewing']);
      items.find((item) => item.textContent === label)!.click();
    };
    choose('Suggesting');
    expect(editor.mode).toBe('suggest');
    expect(modes.textContent).toBe('Suggesting');
    choose('Viewing');
    expect(editor.mode).toBe('view');
    expect(named(element, 'Bold').disabled).toBe(true);
    expect(modes.disabled).toBe(false);
    modes.click();
    const checked = [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Mode"] > [aria-checked="true"]')].map((item) => item.textContent);
    expect(checked).toEqual(['Viewing']);
    modes.click();
    choose('Editing');
    expect(editor.mode).toBe('edit');
    expect(named(element, 'Bold').disabled).toBe(false);
    editor.setMode('suggest');
    expect(modes.textContent).toBe('Suggesting');
    editor.destroy();
  });
});
