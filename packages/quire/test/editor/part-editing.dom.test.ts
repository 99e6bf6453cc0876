// @vitest-environment happy-dom
// Headers, footers and notes opened for editing by a double-click, in the editor's flow look
// (happy-dom lays out no pages): the part editor opens over the part, the body keeps still while
// it is open, and Escape or a click in the body closes it. Typing is checked in Chromium
// (test/e2e/editor-header-footer.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { documentElement, mountFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** Double-clicks `target` and resolves once the part editor (a lazy chunk) is open, or after `rounds` macrotasks. */
async function doubleClick(element: HTMLElement, target: Element, rounds = 20): Promise<HTMLElement | null> {
  target.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
  for (let round = 0; round < rounds; round++) {
    const editor = element.querySelector<HTMLElement>('.quire-part-editor');
    if (editor) return editor;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

describe('editing a header, footer or note in place', () => {
  it('opens the part editor over a header on a double-click, with the header’s text, and dims the body', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const header = element.querySelector<HTMLElement>('header.quire-header-footer')!;
    const opened = await doubleClick(element, header.querySelector('p') ?? header);
    expect(opened?.dataset['label']).toBe('Header');
    expect(opened?.querySelector('.quire-part-document')?.textContent).toBe(header.textContent);
    expect(element.querySelector('.quire-viewport')!.classList.contains('quire-editing-part')).toBe(true);
    editor.destroy();
  });

  it('opens a note at the end of the document', async () => {
    const { editor, element } = await mountFixture('docxjs-footnote.docx', { layout: 'flow' });
    const note = element.querySelector<HTMLElement>('aside.quire-note')!;
    const opened = await doubleClick(element, note.querySelector('p') ?? note);
    expect(opened?.dataset['label']).toBe('Footnote');
    expect(opened?.querySelector('.quire-part-document')?.textContent).toBe(note.querySelector('.quire-note-body')!.textContent);
    editor.destroy();
  });

  it('keeps the body still while a part is open: a command on the body’s selection does nothing', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    selectText(element, 'Content');
    await doubleClick(element, element.querySelector('header.quire-header-footer')!);
    expect(editor.commands.bold()).toBe(false);
    expect(documentElement(element).querySelector('strong')).toBeNull();
    editor.destroy();
  });

  it('keeps the keyboard in the open part when the document is focused (as a toolbar button does)', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const opened = await doubleClick(element, element.querySelector('header.quire-header-footer')!);
    editor.focus();
    expect(document.activeElement).toBe(opened!.querySelector('.quire-part-document'));
    editor.destroy();
  });

  it('closes on Escape and on a click in the body, after which the body takes commands again', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const header = element.querySelector<HTMLElement>('header.quire-header-footer')!;
    const opened = await doubleClick(element, header);
    opened!.querySelector('.quire-part-document')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(element.querySelector('.quire-part-editor')).toBeNull();
    expect(element.querySelector('.quire-viewport')!.classList.contains('quire-editing-part')).toBe(false);

    await doubleClick(element, header);
    const body = documentElement(element).querySelector('.quire-sheet > p')!;
    body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(element.querySelector('.quire-part-editor')).toBeNull();
    selectText(element, 'Content');
    expect(editor.commands.bold()).toBe(true);
    editor.destroy();
  });

  it('opens nothing in view mode', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow', mode: 'view' });
    expect(await doubleClick(element, element.querySelector('header.quire-header-footer')!)).toBeNull();
    editor.destroy();
  });
});
