// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentElement, mount, mountFixture, readFixture, selectText, settle } from './editor-harness.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('several editors on one page', () => {
  it('keep their own undo histories', async () => {
    const first = await mountFixture('docxjs-numbering.docx');
    const second = await mountFixture('docxjs-numbering.docx');
    selectText(first.element, 'Bullets');
    first.editor.commands.bold();
    expect(second.editor.commands.undo()).toBe(false);
    expect(documentElement(first.element).querySelector('strong')).not.toBeNull();
    expect(documentElement(second.element).querySelector('strong')).toBeNull();
    expect(first.editor.commands.undo()).toBe(true);
    expect(documentElement(first.element).querySelector('strong')).toBeNull();
    first.editor.destroy();
    second.editor.destroy();
  });

  it('keep their own documents, ids and listeners', async () => {
    const readyA = vi.fn();
    const a = mount({ document: readFixture('docxjs-text.docx'), onReady: readyA });
    const b = mount({ document: readFixture('pandoc-tables.docx') });
    await Promise.all([a.editor.ready, b.editor.ready]);
    expect(a.editor.getDocumentId()).not.toBe(b.editor.getDocumentId());
    expect(readyA).toHaveBeenCalledTimes(1);
    expect(readyA.mock.calls[0]![0].editor).toBe(a.editor);
    expect(documentElement(b.element).querySelector('table')).not.toBeNull();
    expect(documentElement(a.element).querySelector('table')).toBeNull();
    a.editor.destroy();
    expect(documentElement(b.element).querySelector('table')).not.toBeNull();
    b.editor.destroy();
  });
});

describe('Editor.destroy', () => {
  it('empties its element and leaves no listener on the page', async () => {
    const added: [EventTarget, string, unknown][] = [];
    const removed: [EventTarget, string, unknown][] = [];
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        added.push([target, type, listener]);
        add(type, listener, options);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        removed.push([target, type, listener]);
        remove(type, listener, options);
      });
    }
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    expect(added.length).toBeGreaterThan(0);
    editor.destroy();
    for (const [target, type, listener] of added) {
      expect(removed.some(([t, ty, l]) => t === target && ty === type && l === listener), `${type} listener`).toBe(true);
    }
    expect(element.childElementCount).toBe(0);
    expect(element.hasAttribute('data-quire-editor')).toBe(false);
  });

  it('revokes the object URLs of the pictures it showed', async () => {
    // Without IntersectionObserver every picture loads at once.
    vi.stubGlobal('IntersectionObserver', undefined);
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:test/${created.length}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
    const { editor, element } = await mountFixture('python-docx-having-images.docx');
    await vi.waitFor(() => expect(element.querySelectorAll('.quire-image img').length).toBeGreaterThan(0));
    expect(created.length).toBeGreaterThan(0);
    // One URL per picture part, however often the part is shown.
    expect(new Set(created).size).toBe(created.length);
    expect(created.length).toBeLessThanOrEqual(element.querySelectorAll('.quire-image').length);
    editor.destroy();
    expect(revoked.sort()).toEqual([...created].sort());
  });

  it('cancels pending downloads and revokes their URLs', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${created.push('x')}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { editor } = await mountFixture('docxjs-text.docx');
    await editor.download('copy');
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('copy.docx');
    expect(revoked).toEqual([]);
    editor.destroy();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('stops events and commands, and abandons an open in progress', async () => {
    const ready = vi.fn();
    const { editor, element } = mount({ document: readFixture('docxjs-text.docx'), onReady: ready });
    editor.destroy();
    await expect(editor.ready).rejects.toMatchObject({ name: 'AbortError' });
    await settle();
    expect(ready).not.toHaveBeenCalled();
    expect(editor.commands.bold()).toBe(false);
    expect(editor.getDocumentId()).toBeUndefined();
    expect(element.childElementCount).toBe(0);
    editor.destroy();
  });
});
