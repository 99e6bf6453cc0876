// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { documentElement, mountFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('headers, footers and notes', () => {
  it('refuse formatting even when the selection is inside them', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx');
    const header = element.querySelector<HTMLElement>('header.quire-header-footer')!;
    selectText(element, header.textContent!.trim().slice(0, 5));
    expect(editor.commands.bold()).toBe(false);
    expect(header.querySelector('strong')).toBeNull();
    editor.destroy();
  });

  it('refuse a change of a note', async () => {
    const { editor, element } = await mountFixture('docxjs-footnote.docx');
    const note = element.querySelector<HTMLElement>('aside.quire-note .quire-note-body')!;
    const before = note.textContent;
    selectText(element, note.textContent!.trim().slice(0, 4));
    expect(editor.commands.italic()).toBe(false);
    expect(editor.commands.numberedList()).toBe(false);
    expect(note.textContent).toBe(before);
    editor.destroy();
  });

  it('stay out of select all, which selects the text of the section', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx');
    selectText(element, 'Content');
    const view = documentElement(element);
    view.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }));
    expect(editor.commands.bold()).toBe(true);
    expect(element.querySelector('header.quire-header-footer strong')).toBeNull();
    expect(view.querySelector('.quire-sheet > p strong')).not.toBeNull();
    editor.destroy();
  });
});
