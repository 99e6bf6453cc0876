// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireOptionsError } from '../../../src/quire-options-error.js';
import type { Node } from 'prosemirror-model';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import type { TrackedChangeAttrs } from '../../../src/model/marks/review-marks.js';
import { documentElement, mount, mountFixture, selectText } from '../editor-harness.js';
import { openPackage } from '../../../src/package/open-package.js';

const FIXTURE = 'docxjs-text.docx';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

// Pastes plain text at the selection, as a person would: ProseMirror reads the clipboard event.
function paste(element: HTMLElement, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  documentElement(element).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

// The tracked changes of the editor's export, read again: one entry per run of text with one change.
async function exportedChanges(editor: { export(): Promise<Blob> }) {
  const doc: Node = (await readDocx(new Uint8Array(await (await editor.export()).arrayBuffer()))).value;
  const found: { kind: string; author: string; date: string | null; text: string; id: string }[] = [];
  doc.descendants((node) => {
    const mark = node.isText ? node.marks.find((candidate) => candidate.type.name === 'insertion' || candidate.type.name === 'deletion') : undefined;
    if (!mark) return true;
    const { id, author, date } = mark.attrs as TrackedChangeAttrs;
    const last = found.at(-1);
    if (last && last.id === id && last.kind === mark.type.name) last.text += node.text;
    else found.push({ kind: mark.type.name, author, date, text: node.text!, id });
    return true;
  });
  return found.map(({ id: _id, ...change }) => change);
}

// The export's word/document.xml.
async function documentXml(editor: { export(): Promise<Blob> }): Promise<string> {
  return (await openPackage(new Uint8Array(await (await editor.export()).arrayBuffer())).readXmlPart('word/document.xml')).text;
}

// A word of the fixture's first paragraph long enough to select.
function firstWord(element: HTMLElement): string {
  const word = documentElement(element).querySelector('p')!.textContent!.split(/\s+/).find((candidate) => candidate.length >= 4);
  if (!word) throw new Error('no word to select');
  return word;
}

describe('the editor in suggest mode', () => {
  it('records a paste over a selection as the deletion of the selected text and the insertion of the pasted text, by the user, dated now', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:11:12.500Z') });
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann Reviewer', initials: 'AR' } });
    const word = firstWord(element);
    selectText(element, word);
    paste(element, 'Pasted');
    const date = '2026-11-27T10:11:12Z';
    expect(await exportedChanges(editor)).toEqual([
      { kind: 'deletion', author: 'Ann Reviewer', date, text: word },
      { kind: 'insertion', author: 'Ann Reviewer', date, text: 'Pasted' },
    ]);
    editor.destroy();
  });

  it('makes the changes after setUser by the new user, and an edit in edit mode is no change', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest' });
    expect(editor.user).toEqual({ name: 'Quire user' });
    editor.setUser({ name: 'Bo' });
    selectText(element, firstWord(element));
    paste(element, 'one');
    editor.setMode('edit');
    selectText(element, 'one');
    paste(element, 'two');
    // The suggested insertion was replaced in edit mode: its text is gone, and the new text is no change.
    expect((await exportedChanges(editor)).map(({ kind, author }) => `${kind} ${author}`)).toEqual(['deletion Bo']);
    expect(documentElement(element).textContent).toContain('two');
    editor.destroy();
  });

  it('says in the toolbar that table columns cannot be suggested, and keeps undo', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest' });
    const note = element.querySelector<HTMLElement>('.quire-toolbar-note')!;
    selectText(element, firstWord(element));
    expect(element.querySelector<HTMLButtonElement>('button[aria-label="Bold"]')?.disabled).toBe(false);
    expect(note.hidden).toBe(false);
    expect(note.textContent).toMatch(/Table columns cannot be suggested/);
    paste(element, 'typed');
    expect(editor.commands.undo()).toBe(true);
    expect(await exportedChanges(editor)).toEqual([]);
    editor.setMode('edit');
    expect(note.hidden).toBe(true);
    editor.destroy();
  });

  it('records a link added to a word as the word deleted and a linked copy inserted, which the export writes inside the link', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann' } });
    const word = firstWord(element);
    selectText(element, word);
    expect(editor.commands.setLink('https://example.com/')).toBe(true);
    expect((await exportedChanges(editor)).map(({ kind, author, text }) => `${kind} ${author} ${text}`)).toEqual([`deletion Ann ${word}`, `insertion Ann ${word}`]);
    const xml = await documentXml(editor);
    expect(xml).toMatch(new RegExp(`<w:hyperlink [^>]*><w:ins [^>]*w:author="Ann"[^>]*><w:r>(?:(?!</w:r>).)*${word}`));
    editor.destroy();
  });

  it('lists the suggested changes in editor.changes, which accepts them in suggest mode as made', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann' } });
    const word = firstWord(element);
    const occurrences = () => documentElement(element).textContent!.split(word).length - 1;
    const before = occurrences();
    selectText(element, word);
    paste(element, 'Pasted');
    expect(editor.changes.list().map((change) => `${change.kind} ${change.author} ${change.text}`)).toEqual([`deletion Ann ${word}`, 'insertion Ann Pasted']);
    expect(editor.changes.acceptAll()).toBe(true);
    expect(editor.changes.list()).toEqual([]);
    expect(await exportedChanges(editor)).toEqual([]);
    expect(documentElement(element).textContent).toContain('Pasted');
    expect(occurrences()).toBe(before - 1);
    editor.destroy();
  });

  it('rejects a user without a name and an unknown mode, naming the option', () => {
    for (const options of [{ user: { name: '' } }, { user: { name: 'Ann', role: 'x' } }, { mode: 'review' }]) {
      let thrown: unknown;
      try {
        mount(options as never);
      } catch (error) {
        thrown = error;
      }
      expect(isQuireOptionsError(thrown)).toBe(true);
    }
  });
});
