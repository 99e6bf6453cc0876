// @vitest-environment happy-dom
// Headers, footers and notes opened for editing by a double-click, in the editor's flow look
// (happy-dom lays out no pages): the part editor opens over the part, the body keeps still while
// it is open, and Escape or a click in the body closes it. Typing is checked in Chromium
// (test/e2e/editor-header-footer.test.ts).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { afterPaint, documentElement, mountFixture, selectText } from './editor-harness.js';

// The part editor is a lazy chunk: loaded once here, it opens within a few macrotasks of its trigger.
beforeAll(() => import('../../src/editor/parts/part-editor.js'));

afterEach(() => {
  document.body.replaceChildren();
});

/** Double-clicks `target` and resolves once the part editor (a lazy chunk) is open, or null. */
function doubleClick(element: HTMLElement, target: Element): Promise<HTMLElement | null> {
  target.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
  return opened(element);
}

/** Resolves with what `find` finds once it finds it, or null after `rounds` macrotasks. */
async function waitFor<T>(find: () => T | null, rounds = 20): Promise<T | null> {
  for (let round = 0; round < rounds; round++) {
    const found = find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

/** Resolves with the part editor once it is open (a lazy chunk), or null. */
function opened(element: HTMLElement): Promise<HTMLElement | null> {
  return waitFor(() => element.querySelector<HTMLElement>('.quire-part-editor'));
}

/** Selects all the text of the part editor's view `part`, through the DOM, as a user would. */
function selectAll(part: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(part);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
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

  it('opens an endnote, labelled as one, with its roman number', async () => {
    const { editor, element } = await mountFixture('pandoc-notes.docx', { layout: 'flow' });
    const notes = [...element.querySelectorAll<HTMLElement>('aside.quire-note')];
    const endnote = notes.find((note) => note.querySelector('.quire-note-number')?.textContent === 'i')!;
    const opened = await doubleClick(element, endnote.querySelector('p') ?? endnote);
    expect(opened?.dataset['label']).toBe('Endnote');
    expect(opened?.querySelector('.quire-note-number')?.textContent).toBe('i');
    expect(opened?.querySelector('.quire-part-document')?.textContent).toBe(endnote.querySelector('.quire-note-body')!.textContent);
    editor.destroy();
  });

  it('runs commands on the open part, not on the body’s selection, and reports the part’s selection', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    selectText(element, 'Content');
    const header = element.querySelector<HTMLElement>('header.quire-header-footer')!;
    const opened = await doubleClick(element, header.querySelector('p') ?? header);
    const part = opened!.querySelector<HTMLElement>('.quire-part-document')!;
    selectAll(part);
    expect(editor.getSelectionState()?.bold).toBe(false);
    expect(editor.commands.bold()).toBe(true);
    expect(editor.commands.align('center')).toBe(true);
    expect(editor.getSelectionState()).toMatchObject({ bold: true, align: 'center', canUndo: true });
    // The header of the document holds the change; the body's paragraphs do not.
    expect(header.querySelector('strong')?.textContent).toBe(header.textContent);
    expect(header.querySelector('p')!.style.textAlign).toBe('center');
    const body = [...documentElement(element).querySelectorAll('.quire-sheet > p')];
    expect(body.some((paragraph) => paragraph.querySelector('strong') || (paragraph as HTMLElement).style.textAlign === 'center')).toBe(false);
    // The toolbar shows the part's marks once the frame is drawn.
    await afterPaint();
    expect(element.querySelector('.quire-toolbar button[aria-label="Bold"]')!.getAttribute('aria-pressed')).toBe('true');
    // Undo, run from the toolbar or the API, takes back the part's change through the document's history.
    expect(editor.commands.undo()).toBe(true);
    expect(header.querySelector('p')!.style.textAlign).not.toBe('center');
    editor.destroy();
  });

  it('opens the header or footer of the caret’s section from the keyboard and the API, with the keyboard in it', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    selectText(element, 'Content');
    const root = documentElement(element);
    root.dispatchEvent(new KeyboardEvent('keydown', { key: 'F', code: 'KeyF', keyCode: 70, altKey: true, shiftKey: true, bubbles: true, cancelable: true }));
    const footer = await opened(element);
    expect(footer?.dataset['part']).toBe('footer');
    expect(document.activeElement).toBe(footer!.querySelector('.quire-part-document'));
    expect(document.activeElement!.getAttribute('aria-label')).toBe(footer!.dataset['label']);

    expect(await editor.editPart('header')).toBe(true);
    const header = element.querySelector<HTMLElement>('.quire-part-editor')!;
    expect(header.dataset['part']).toBe('header');
    expect(element.querySelectorAll('.quire-part-editor')).toHaveLength(1);
    // The variant the sheet shows: the first page's, when the section has one.
    const sheet = element.querySelector<HTMLElement>('.quire-sheet')!;
    const shown = sheet.querySelector(`:scope > header.quire-header-footer[data-variant="${sheet.dataset['titlePage'] === 'true' ? 'first' : 'default'}"]`)!;
    expect(header.querySelector('.quire-part-document')!.textContent).toBe(shown.textContent);
    expect(document.activeElement).toBe(header.querySelector('.quire-part-document'));
    editor.destroy();
  });

  it('goes from the open header to the footer of its sheet, and back, with Alt+Shift+F and Alt+Shift+H', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    selectText(element, 'Content');
    expect(await editor.editPart('header')).toBe(true);
    const press = (key: string) =>
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, code: `Key${key}`, keyCode: key.charCodeAt(0), altKey: true, shiftKey: true, bubbles: true, cancelable: true }));
    const header = element.querySelector<HTMLElement>('.quire-part-editor')!;
    press('F');
    const footer = await waitFor(() => element.querySelector<HTMLElement>('.quire-part-editor[data-part="footer"]'));
    expect(header.isConnected).toBe(false);
    expect(element.querySelectorAll('.quire-part-editor')).toHaveLength(1);
    expect(document.activeElement).toBe(footer!.querySelector('.quire-part-document'));
    // The variant the sheet shows, as the header was.
    expect(footer!.dataset['label']).toBe(header.dataset['label']!.replace('Header', 'Footer'));
    press('H');
    expect((await waitFor(() => element.querySelector<HTMLElement>('.quire-part-editor[data-part="header"]')))?.dataset['label']).toBe(header.dataset['label']);
    editor.destroy();
  });

  it('opens no part from the keyboard in view mode', async () => {
    const { editor } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow', mode: 'view' });
    expect(await editor.editPart('header')).toBe(false);
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
