// @vitest-environment happy-dom
// A picture inserted in suggest mode is an insertion by the user, as Word records it (its run in w:ins).
import { afterEach, describe, expect, it } from 'vitest';
import { openPackage } from '../../../src/package/open-package.js';
import { documentElement, mountFixture, selectText } from '../editor-harness.js';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('pictures in suggest mode', () => {
  it('marks an inserted picture as inserted by the user, writes its run inside w:ins, and rejecting it takes it out', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx', { fonts: false, mode: 'suggest', user: { name: 'Ann' } });
    const word = documentElement(element).querySelector('p')!.textContent!.split(/\s+/).find((candidate) => candidate.length >= 4)!;
    selectText(element, word);
    document.getSelection()!.collapseToEnd();
    document.dispatchEvent(new Event('selectionchange'));
    expect(await editor.commands.insertImage(new Blob([PNG], { type: 'image/png' }))).toBe(true);
    const changes = editor.changes.list();
    expect(changes.map(({ kind, author, target }) => `${kind} ${author} ${target}`)).toEqual(['insertion Ann text']);
    const xml = (await openPackage(new Uint8Array(await (await editor.export()).arrayBuffer())).readXmlPart('word/document.xml')).text;
    expect(xml).toMatch(/<w:ins [^>]*w:author="Ann"[^>]*><w:r>(?:(?!<\/w:ins>).)*<w:drawing>/);
    expect(documentElement(element).querySelector('.quire-image')).not.toBeNull();
    expect(editor.changes.reject(changes[0]!.id)).toBe(true);
    expect(documentElement(element).querySelector('.quire-image')).toBeNull();
    editor.destroy();
  });
});
