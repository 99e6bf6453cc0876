// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDocumentError } from '../../src/document-error.js';
import { buildTestDocx, paragraph } from '../../../../test/support/docx-package.js';
import { documentElement, mount, mountFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

const PARAGRAPHS = 1500;
const words = 'The parties agree that this clause is read with the schedule and the annexes attached to it. ';

// A main part of some 400 KB: long enough for its first pages to be shown first.
function longDocx(last = ''): Uint8Array<ArrayBuffer> {
  const body = Array.from({ length: PARAGRAPHS }, (_, index) => paragraph(`Clause ${index + 1}. ${words.repeat(2)}`)).join('');
  return buildTestDocx({ body: `${body}${last}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>` });
}

interface Sighting {
  readonly paragraphs: number;
  readonly editable: string | null;
  readonly busy: string | null;
}

// Each document element put on the page, with what it held when it came.
function watchDocuments(element: HTMLElement): Sighting[] {
  const sightings: Sighting[] = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        const shown = node instanceof HTMLElement ? (node.matches('.quire-document') ? node : node.querySelector<HTMLElement>('.quire-document')) : null;
        if (shown) sightings.push({ paragraphs: shown.querySelectorAll('p').length, editable: shown.getAttribute('contenteditable'), busy: shown.getAttribute('aria-busy') });
      }
    }
  }).observe(element, { childList: true, subtree: true });
  return sightings;
}

describe('opening a long document: its first pages first', () => {
  it('shows the first pages, not editable, then the whole document in the same view, with no edit, change or unsaved state', async () => {
    const onChange = vi.fn();
    const onReady = vi.fn();
    const { editor, element } = mount({ document: new Blob([longDocx()]), layout: 'flow', onChange, onReady });
    const sightings = watchDocuments(element);
    await editor.ready;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shown = documentElement(element);

    expect(sightings).toHaveLength(1);
    expect(sightings[0]!.paragraphs).toBeGreaterThan(0);
    expect(sightings[0]!.paragraphs).toBeLessThan(PARAGRAPHS / 4);
    expect(sightings[0]!.editable).toBe('false');
    expect(sightings[0]!.busy).toBe('true');
    expect(shown.querySelectorAll('p')).toHaveLength(PARAGRAPHS);
    expect(shown.getAttribute('contenteditable')).toBe('true');
    expect(shown.hasAttribute('aria-busy')).toBe(false);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    expect(editor.isDirty()).toBe(false);
    // Completing the document is not an edit: there is nothing to undo.
    expect(editor.commands.undo()).toBe(false);
    editor.destroy();
  });

  it('drops the first pages when the rest of the file is broken, says why, and has nothing to export', async () => {
    const onError = vi.fn();
    const { editor, element: container } = mount({ document: new Blob([longDocx('<w:p><w:r><w:t>broken</w:r></w:p>')]), layout: 'flow', onError });
    const sightings = watchDocuments(container);
    const failure = await editor.ready.then(() => undefined, (error: unknown) => error);

    expect(isDocumentError(failure) && failure.code).toBe('DOCX_MALFORMED_XML');
    // The first pages were read apart from the broken end, and shown.
    expect(sightings).toHaveLength(1);
    expect(container.querySelector('.quire-document')).toBeNull();
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/could not be opened/);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error: failure }));
    await expect(editor.export()).rejects.toBeDefined();
    editor.destroy();
  });

  it('shows a long document opened over one being edited only once it is read whole, so a broken one leaves the edits as they were', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { layout: 'flow' });
    selectText(element, 'Bullets');
    expect(editor.commands.bold()).toBe(true);
    const sightings = watchDocuments(element);

    await expect(editor.open(new Blob([longDocx('<w:p><w:r><w:t>broken</w:r></w:p>')]))).rejects.toMatchObject({ code: 'DOCX_MALFORMED_XML' });
    expect(sightings).toHaveLength(0);
    expect(documentElement(element).querySelector('strong')?.textContent).toBe('Bullets');
    expect(editor.isDirty()).toBe(true);

    await editor.open(new Blob([longDocx()]));
    expect(sightings).toHaveLength(1);
    expect(sightings[0]!.paragraphs).toBe(PARAGRAPHS);
    editor.destroy();
  });
});
