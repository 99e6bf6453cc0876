// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorChangesEvent } from '../../../src/editor/index.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { afterPaint, documentElement, mountFixture, selectText } from '../editor-harness.js';

const WORD = 'superdoc-msword-tracked-changes.docx';

afterEach(() => {
  document.body.replaceChildren();
});

describe('editor.changes', () => {
  it('lists the document’s tracked changes as plain data', async () => {
    const { editor } = await mountFixture(WORD, { fonts: false });
    const listed = editor.changes.list();
    expect(listed.map((change) => `${change.kind} ${change.target} ${change.text}`)).toEqual([
      'deletion text basic ',
      'insertion text cool ',
      'deletion text Delete me',
      'deletion paragraph-mark ¶',
      'insertion text New text',
    ]);
    expect(JSON.parse(JSON.stringify(listed))).toEqual(listed);
    editor.destroy();
  });

  it('accepts and rejects one change by id, each one undo step, and sends the list when it changes', async () => {
    const sent: EditorChangesEvent[] = [];
    const { editor } = await mountFixture(WORD, { fonts: false, onChanges: (event) => sent.push(event) });
    expect(sent.at(-1)?.changes.map((change) => change.id)).toEqual(['0', '1', '3', '2', '4']);
    expect(editor.changes.accept('1')).toBe(true);
    expect(sent.at(-1)?.changes.map((change) => change.id)).toEqual(['0', '3', '2', '4']);
    expect(editor.changes.reject('0')).toBe(true);
    expect(editor.changes.list().map((change) => change.id)).toEqual(['3', '2', '4']);
    expect(editor.changes.accept('no such id')).toBe(false);
    expect(editor.commands.undo()).toBe(true);
    expect(editor.changes.list().map((change) => change.id)).toEqual(['0', '3', '2', '4']);
    expect(sent.at(-1)?.changes).toEqual(editor.changes.list());
    editor.destroy();
  });

  it('accepts all, and the export holds none of the changes', async () => {
    const { editor } = await mountFixture(WORD, { fonts: false });
    expect(editor.changes.acceptAll()).toBe(true);
    expect(editor.changes.list()).toEqual([]);
    expect(editor.changes.acceptAll()).toBe(false);
    const reread = await readDocx(new Uint8Array(await (await editor.export()).arrayBuffer()));
    let marked = 0;
    reread.value.descendants((node) => void (marked += node.marks.filter((mark) => mark.type.name === 'insertion' || mark.type.name === 'deletion').length));
    expect(marked).toBe(0);
    editor.destroy();
  });

  it('rejects all: the insertions go, the deletions stay', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    expect(editor.changes.rejectAll()).toBe(true);
    const text = documentElement(element).textContent!;
    expect(text).not.toContain('cool');
    expect(text).toContain('basic');
    editor.destroy();
  });

  it('accepts or rejects the change in the selection, from the API and from the keyboard (Alt+Shift+A, Alt+Shift+R)', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    selectText(element, 'cool');
    expect(editor.changes.acceptInSelection()).toBe(true);
    expect(editor.changes.list().map((change) => change.text)).not.toContain('cool ');
    selectText(element, 'New');
    const key = (letter: string) => new KeyboardEvent('keydown', { key: letter, code: `Key${letter}`, keyCode: letter.charCodeAt(0), altKey: true, shiftKey: true, bubbles: true, cancelable: true });
    documentElement(element).dispatchEvent(key('R'));
    expect(editor.changes.list().map((change) => change.text)).not.toContain('New text');
    expect(documentElement(element).textContent).not.toContain('New text');
    selectText(element, 'basic');
    documentElement(element).dispatchEvent(key('A'));
    expect(editor.changes.list().map((change) => change.text)).not.toContain('basic ');
    editor.destroy();
  });

  it('has Accept and Reject buttons in the toolbar, usable where the selection touches a change', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    const named = (name: string) => element.querySelector<HTMLButtonElement>(`.quire-toolbar button[aria-label^="${name} change"]`)!;
    selectText(element, 'Delete me');
    await afterPaint();
    expect(named('Accept').disabled).toBe(false);
    selectText(element, 'sentence');
    await afterPaint();
    expect([named('Accept').disabled, named('Reject').disabled]).toEqual([true, true]);
    selectText(element, 'cool');
    await afterPaint();
    expect(named('Reject').disabled).toBe(false);
    named('Reject').click();
    expect(documentElement(element).textContent).not.toContain('cool');
    expect(editor.changes.list()).toHaveLength(4);
    editor.destroy();
  });

  it('decides nothing in view mode', async () => {
    const { editor } = await mountFixture(WORD, { fonts: false, mode: 'view' });
    expect(editor.changes.acceptAll()).toBe(false);
    expect(editor.changes.list()).toHaveLength(5);
    editor.destroy();
  });
});
