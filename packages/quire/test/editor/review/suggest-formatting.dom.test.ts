// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPackage } from '../../../src/package/open-package.js';
import { formatChangesDocx } from '../../../../../test/support/format-changes-docx.js';
import { documentElement, mount, mountFixture, selectText } from '../editor-harness.js';

const FIXTURE = 'docxjs-text.docx';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

// A word of the fixture's first paragraph long enough to select.
function firstWord(element: HTMLElement): string {
  const word = documentElement(element).querySelector('p')!.textContent!.split(/\s+/).find((candidate) => candidate.length >= 4);
  if (!word) throw new Error('no word to select');
  return word;
}

async function exportedXml(editor: { export(): Promise<Blob> }): Promise<string> {
  return (await openPackage(new Uint8Array(await (await editor.export()).arrayBuffer())).readXmlPart('/word/document.xml')).text;
}

const describeChanges = (editor: { changes: { list(): { kind: string; target: string; author: string; text: string; description?: string }[] } }) =>
  editor.changes.list().map(({ kind, target, author, text, description }) => ({ kind, target, author, text, description }));

describe('formatting in suggest mode', () => {
  it('records bold and italic from the toolbar as a format change of the text by the user, shown and written as w:rPrChange', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:11:12.500Z') });
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann Reviewer' }, markup: 'all' });
    const word = firstWord(element);
    selectText(element, word);
    element.querySelector<HTMLButtonElement>('button[aria-label="Bold"]')!.click();
    expect(editor.commands.italic()).toBe(true);
    expect(describeChanges(editor)).toEqual([{ kind: 'format', target: 'text', author: 'Ann Reviewer', text: word, description: 'Bold, Italic' }]);
    const shown = documentElement(element).querySelector('.quire-format-change');
    expect(shown?.textContent).toBe(word);
    expect(shown?.closest('strong')).not.toBeNull();
    const xml = await exportedXml(editor);
    expect(xml).toMatch(new RegExp(`<w:rPrChange w:id="\\d+" w:author="Ann Reviewer" w:date="2026-11-27T10:11:12Z">.*?</w:rPrChange></w:rPr><w:t xml:space="preserve">${word}</w:t>`));
    editor.destroy();
  });

  it('records Ctrl+B as the toolbar’s bold, and Ctrl+B again takes the change away', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest' });
    selectText(element, firstWord(element));
    // ProseMirror's Mod is Cmd where the platform is Apple's, else Ctrl.
    const mac = /Mac|iP(hone|[oa]d)/.test(navigator.platform);
    const press = () => documentElement(element).dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: !mac, metaKey: mac, bubbles: true, cancelable: true }));
    press();
    expect(describeChanges(editor).map((change) => change.description)).toEqual(['Bold']);
    press();
    expect(editor.changes.list()).toEqual([]);
    editor.destroy();
  });

  it('records a paragraph style, an alignment and a bulleted list as one change of the paragraph, which rejecting takes back', async () => {
    const { editor, element } = mount({ fonts: false, document: formatChangesDocx(), mode: 'suggest', user: { name: 'Bo' } });
    await editor.ready;
    const before = editor.changes.list().length;
    selectText(element, 'Untouched');
    const heading = editor.getParagraphStyles().find((style) => style.headingLevel === 1)!;
    expect(editor.commands.setParagraphStyle(heading.id)).toBe(true);
    expect(editor.commands.align('center')).toBe(true);
    expect(editor.commands.bulletList()).toBe(true);
    const made = describeChanges(editor).slice(before);
    expect(made).toEqual([{ kind: 'format', target: 'paragraph', author: 'Bo', text: 'Untouched paragraph.', description: 'Style: Heading 1, Alignment: center, Bulleted list' }]);
    expect(editor.changes.rejectInSelection()).toBe(true);
    expect(editor.changes.list()).toHaveLength(before);
    const untouched = [...documentElement(element).querySelectorAll('p')].find((p) => p.textContent === 'Untouched paragraph.');
    expect(untouched?.closest('ul')).toBeNull();
    editor.destroy();
  });

  it('accepts and rejects the format changes of a Word file, one undo step each', async () => {
    const { editor, element } = mount({ fonts: false, document: formatChangesDocx(), markup: 'all' });
    await editor.ready;
    expect(describeChanges(editor).map((change) => change.description)).toEqual(['Bold', 'Not italic', 'Style: Heading 1', 'Alignment: center', 'Bulleted list']);
    expect(editor.changes.reject('12')).toBe(true);
    expect(documentElement(element).querySelector('em')?.textContent).toBe('was italic');
    expect(editor.changes.accept('11')).toBe(true);
    expect(documentElement(element).querySelector('strong')?.textContent).toBe('bold now');
    expect(editor.changes.reject('13')).toBe(true);
    expect(documentElement(element).querySelector('h1')).toBeNull();
    expect(editor.changes.list().map((change) => change.id)).toEqual(['14', '15']);
    expect(editor.commands.undo()).toBe(true);
    expect(editor.changes.list().map((change) => change.id)).toEqual(['13', '14', '15']);
    expect(documentElement(element).querySelector('h1')?.textContent).toBe('A heading now');
    editor.destroy();
  });
});
