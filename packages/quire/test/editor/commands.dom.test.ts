// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readDocx } from '../../src/readers/docx/read-docx.js';
import { documentElement, mountFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('editor.commands', () => {
  it('bold makes the selected text bold, and undo takes it back', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    expect(editor.getSelectionState()?.bold).toBe(false);
    expect(editor.commands.bold()).toBe(true);
    expect(documentElement(element).querySelector('strong')?.textContent).toBe('Bullets');
    expect(editor.getSelectionState()?.bold).toBe(true);
    expect(editor.commands.undo()).toBe(true);
    expect(documentElement(element).querySelector('strong')).toBeNull();
    editor.destroy();
  });

  it('italic, underline and strike wrap the selection in their elements', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    editor.commands.italic();
    editor.commands.underline();
    editor.commands.strike();
    const shown = documentElement(element);
    expect(shown.querySelector('em')?.textContent).toBe('Bullets');
    expect(shown.querySelector('u')?.textContent).toBe('Bullets');
    expect(shown.querySelector('s')?.textContent).toBe('Bullets');
    editor.destroy();
  });

  it('numberedList wraps a paragraph in a list, and toggles it back out', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    const lists = () => documentElement(element).querySelectorAll('ol').length;
    const before = lists();
    expect(editor.commands.numberedList()).toBe(true);
    expect(lists()).toBe(before + 1);
    expect(editor.getSelectionState()?.list).toBe('numbered');
    expect(editor.commands.numberedList()).toBe(true);
    expect(lists()).toBe(before);
    editor.destroy();
  });

  it('bulletList turns a numbered list into a bulleted one', async () => {
    const { editor, element } = await mountFixture('pandoc-lists.docx');
    const item = documentElement(element).querySelector('ol li p')!;
    selectText(element, item.textContent!.slice(0, 3));
    expect(editor.getSelectionState()?.list).toBe('numbered');
    expect(editor.commands.bulletList()).toBe(true);
    expect(editor.getSelectionState()?.list).toBe('bullet');
    editor.destroy();
  });

  it('indent nests a list item one level deeper, outdent brings it back', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'two');
    const depth = () => {
      let node: Node | null = document.getSelection()!.anchorNode;
      let lists = 0;
      for (; node && node !== documentElement(element); node = node.parentNode) if (node.nodeName === 'UL' || node.nodeName === 'OL') lists++;
      return lists;
    };
    expect(depth()).toBe(1);
    expect(editor.commands.indent()).toBe(true);
    expect(depth()).toBe(2);
    expect(editor.commands.outdent()).toBe(true);
    expect(depth()).toBe(1);
    editor.destroy();
  });

  it('indent moves a paragraph outside lists half an inch right', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    expect(editor.commands.outdent()).toBe(false);
    expect(editor.commands.indent()).toBe(true);
    const paragraph = document.getSelection()!.anchorNode!.parentElement!.closest('p')!;
    expect(paragraph.style.getPropertyValue('margin-left')).toBe('48px');
    editor.destroy();
  });

  it('addRowAfter and deleteRow change the rows of the table at the selection', async () => {
    const { editor, element } = await mountFixture('superdoc-table-merged-cells.docx');
    const rows = () => documentElement(element).querySelectorAll('tr').length;
    selectText(element, '4');
    expect(rows()).toBe(3);
    expect(editor.commands.addRowAfter()).toBe(true);
    expect(rows()).toBe(4);
    expect(editor.commands.deleteRow()).toBe(true);
    expect(rows()).toBe(3);
    editor.destroy();
  });

  it('addColumnAfter keeps the table as wide as before', async () => {
    const { editor, element } = await mountFixture('superdoc-table-merged-cells.docx');
    const table = () => documentElement(element).querySelector('table')!;
    const width = table().style.getPropertyValue('width');
    selectText(element, '4');
    expect(editor.commands.addColumnAfter()).toBe(true);
    expect(table().querySelectorAll('col')).toHaveLength(4);
    expect(Math.abs(parseFloat(table().style.getPropertyValue('width')) - parseFloat(width))).toBeLessThan(1);
    expect(editor.commands.deleteColumn()).toBe(true);
    expect(table().querySelectorAll('col')).toHaveLength(3);
    editor.destroy();
  });

  it('insertTable puts a table with grid borders at the selection', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx');
    const tables = () => documentElement(element).querySelectorAll('table').length;
    selectText(element, documentElement(element).querySelector('p')!.textContent!.slice(0, 2));
    const before = tables();
    expect(editor.commands.insertTable(2, 3)).toBe(true);
    expect(tables()).toBe(before + 1);
    expect(editor.getSelectionState()?.inTable).toBe(true);
    expect(editor.commands.insertTable(0, 3)).toBe(false);
    editor.destroy();
  });

  it('align centres the selected paragraph', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    expect(editor.commands.align('center')).toBe(true);
    expect(document.getSelection()!.anchorNode!.parentElement!.closest('p')!.style.getPropertyValue('text-align')).toBe('center');
    expect(editor.getSelectionState()?.align).toBe('center');
    editor.destroy();
  });

  it('setParagraphStyle makes headings from the document heading styles and refuses unknown ids', async () => {
    const { editor, element } = await mountFixture('superdoc-hummingbird.docx');
    const styles = editor.getParagraphStyles();
    expect(styles[0]).toMatchObject({ id: 'Normal', isDefault: true });
    expect(styles.find((style) => style.id === 'Heading2')?.headingLevel).toBe(2);
    selectText(element, 'Lets tightly');
    expect(editor.commands.setParagraphStyle('Heading2')).toBe(true);
    expect(documentElement(element).querySelector('h2')?.textContent).toContain('Lets tightly');
    expect(editor.getSelectionState()?.paragraphStyle).toBe('Heading2');
    expect(editor.commands.setParagraphStyle('Title')).toBe(true);
    expect(editor.getSelectionState()?.paragraphStyle).toBe('Title');
    expect(editor.commands.setParagraphStyle('NoSuchStyle')).toBe(false);
    editor.destroy();
  });

  it('setLink links the selection to a safe address and refuses javascript:', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    expect(editor.commands.setLink('javascript:alert(1)')).toBe(false);
    expect(editor.commands.setLink('https://example.com/')).toBe(true);
    const link = documentElement(element).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(editor.getSelectionState()?.link).toBe('https://example.com/');
    expect(editor.commands.removeLink()).toBe(true);
    expect(documentElement(element).querySelector('a')).toBeNull();
    editor.destroy();
  });

  it('insertImage embeds a PNG as a data: URI and refuses other files', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    expect(await editor.commands.insertImage(new Blob(['hi'], { type: 'text/plain' }))).toBe(false);
    expect(await editor.commands.insertImage(new Blob([png], { type: 'image/png' }))).toBe(true);
    expect(documentElement(element).querySelector('.quire-image img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    editor.destroy();
  });

  it('emits change after each edit, not for selection moves', async () => {
    const changes: unknown[] = [];
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { onChange: (event) => changes.push(event) });
    selectText(element, 'Bullets');
    expect(changes).toHaveLength(0);
    editor.commands.bold();
    expect(changes).toHaveLength(1);
    editor.destroy();
  });
});

describe('view mode', () => {
  it('blocks every command and makes the document read-only, until edit mode returns', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { mode: 'view' });
    expect(documentElement(element).getAttribute('contenteditable')).toBe('false');
    selectText(element, 'Bullets');
    expect(editor.commands.bold()).toBe(false);
    expect(editor.commands.insertTable()).toBe(false);
    expect(documentElement(element).querySelector('strong')).toBeNull();
    editor.setMode('edit');
    expect(editor.mode).toBe('edit');
    expect(documentElement(element).getAttribute('contenteditable')).toBe('true');
    selectText(element, 'Bullets');
    expect(editor.commands.bold()).toBe(true);
    editor.setMode('view');
    expect(editor.commands.undo()).toBe(false);
    editor.destroy();
  });
});

describe('exporting edits', () => {
  it('writes the edits into the DOCX it exports', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    editor.commands.bold();
    const bytes = new Uint8Array(await (await editor.export()).arrayBuffer());
    const read = await readDocx(bytes);
    let bold = '';
    read.value.descendants((node) => {
      if (node.isText && node.marks.some((mark) => mark.type.name === 'bold')) bold += node.text;
    });
    expect(bold).toBe('Bullets');
    editor.destroy();
  });
});
