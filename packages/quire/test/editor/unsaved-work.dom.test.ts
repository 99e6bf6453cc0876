// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDocumentError } from '../../src/document-error.js';
import { readDocx } from '../../src/readers/docx/read-docx.js';
import { documentElement, mountFixture, readFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A DOCX cut off halfway, as an interrupted download leaves it. */
const truncatedDocx = () => {
  const whole = readFixture('docxjs-numbering.docx');
  return whole.slice(0, whole.length >> 1);
};

/** The words set in bold in a DOCX, read back with Quire's reader. */
async function boldTextOf(blob: Blob): Promise<string[]> {
  const { value } = await readDocx(new Uint8Array(await blob.arrayBuffer()));
  const bold: string[] = [];
  value.descendants((node) => {
    if (node.isText && node.marks.some((mark) => mark.type.name === 'bold')) bold.push(node.text!);
  });
  return bold;
}

describe('Editor keeping the document when another file cannot be opened', () => {
  it('keeps the edits, the undo history and the documentId when open() fails, and says why above the document', async () => {
    const onError = vi.fn();
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { onError });
    const id = editor.getDocumentId();
    selectText(element, 'Bullets');
    expect(editor.commands.bold()).toBe(true);

    const failure = await editor.open(truncatedDocx()).then(() => undefined, (error: unknown) => error);
    expect(isDocumentError(failure)).toBe(true);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error: failure }));
    expect(editor.getDocumentId()).toBe(id);
    expect(documentElement(element).querySelector('strong')?.textContent).toBe('Bullets');
    const alert = element.querySelector('[role="alert"]');
    expect(alert?.textContent).toMatch(/^That file could not be opened\. .+ The document you were editing is unchanged\./);
    // The edit is still the last step in the history, and what is exported holds it.
    await editor.ready;
    expect(await boldTextOf(await editor.export())).toContain('Bullets');
    expect(editor.commands.undo()).toBe(true);
    expect(documentElement(element).querySelector('strong')).toBeNull();
    editor.destroy();
  });

  it('keeps the document when import() is given a file it cannot read', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const id = editor.getDocumentId();
    selectText(element, 'Bullets');
    editor.commands.italic();
    await expect(editor.import(new File([truncatedDocx()], 'broken.docx'))).rejects.toMatchObject({ name: 'DocumentError' });
    expect(editor.getDocumentId()).toBe(id);
    expect(documentElement(element).querySelector('em')?.textContent).toBe('Bullets');
    expect(editor.isDirty()).toBe(true);
    editor.destroy();
  });

  it('removes the message when it is dismissed, and when another document opens', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    await editor.open(truncatedDocx()).catch(() => undefined);
    element.querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    expect(element.querySelector('[role="alert"]')).toBeNull();
    await editor.open(truncatedDocx()).catch(() => undefined);
    expect(element.querySelectorAll('[role="alert"]')).toHaveLength(1);
    await editor.open(readFixture('docxjs-text.docx'));
    expect(element.querySelector('[role="alert"]')).toBeNull();
    editor.destroy();
  });
});

describe('Editor telling whether there are unsaved edits', () => {
  it('is clean after opening, dirty after an edit and clean again after export, with one dirty event for each change', async () => {
    const onDirty = vi.fn();
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { onDirty });
    expect(editor.isDirty()).toBe(false);
    selectText(element, 'Bullets');
    editor.commands.bold();
    editor.commands.italic();
    expect(editor.isDirty()).toBe(true);
    await editor.export();
    expect(editor.isDirty()).toBe(false);
    expect(onDirty.mock.calls.map(([event]) => (event as { dirty: boolean }).dirty)).toEqual([true, false]);
    editor.destroy();
  });

  it('stays dirty when the document is edited while the export is being written', async () => {
    // The edit comes after the export has read the document and before it resolves.
    const onExport = vi.fn(() => editor.commands.italic());
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { onExport });
    selectText(element, 'Bullets');
    editor.commands.bold();
    expect(await boldTextOf(await editor.export())).toEqual(['Bullets']);
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(editor.isDirty()).toBe(true);
    editor.destroy();
  });

  it('is clean again once another document is opened in place of the edited one', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const listener = vi.fn();
    editor.on('dirty', listener);
    selectText(element, 'Bullets');
    editor.commands.bold();
    await editor.open(readFixture('docxjs-text.docx'));
    expect(editor.isDirty()).toBe(false);
    expect(listener).toHaveBeenLastCalledWith({ editor, dirty: false });
    editor.destroy();
  });

  it('does not count selecting text as an edit', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    expect(editor.isDirty()).toBe(false);
    editor.destroy();
  });
});
