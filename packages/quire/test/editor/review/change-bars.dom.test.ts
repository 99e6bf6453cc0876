// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { documentElement, mountFixture } from '../editor-harness.js';

const WORD = 'superdoc-msword-tracked-changes.docx';

afterEach(() => {
  document.body.replaceChildren();
});

// The text of the paragraphs drawn with a bar, and of those whose text holds an ins or del element.
const barred = (element: HTMLElement) => [...documentElement(element).querySelectorAll('p.quire-changed')].map((block) => block.textContent);
const withChangedText = (element: HTMLElement) => [...documentElement(element).querySelectorAll('p')].filter((block) => block.querySelector('ins, del')).map((block) => block.textContent);

describe('changed lines', () => {
  it('bar each paragraph holding inserted or deleted text or a changed paragraph mark, and no other', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false, markup: 'all' });
    const marks = editor.changes.list().filter((change) => change.target === 'paragraph-mark').length;
    expect(barred(element)).toEqual(expect.arrayContaining(withChangedText(element)));
    expect(barred(element).length).toBeLessThanOrEqual(withChangedText(element).length + marks);
    expect(documentElement(element).querySelectorAll('p').length).toBeGreaterThan(barred(element).length);
    editor.destroy();
  });

  it('follow the changes: the bars go when every change is accepted and come back when that is undone', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false, markup: 'all' });
    const before = barred(element);
    expect(before.length).toBeGreaterThan(0);
    expect(editor.changes.acceptAll()).toBe(true);
    expect(barred(element)).toEqual([]);
    expect(editor.commands.undo()).toBe(true);
    expect(barred(element)).toEqual(before);
    editor.destroy();
  });
});
