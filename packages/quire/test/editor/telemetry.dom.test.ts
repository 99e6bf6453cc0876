// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, readFixture, settle } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A fetch that records reports and answers 202. */
function recordingFetch() {
  return vi.fn<typeof fetch>(async () => new Response(null, { status: 202 }));
}

function reportedIds(fetch: ReturnType<typeof recordingFetch>): string[] {
  return fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { events: { documentId: string }[] }).events[0]!.documentId);
}

describe('Editor telemetry', () => {
  it('sends one report per open, after the document is on screen, with the id getDocumentId returns', async () => {
    const fetch = recordingFetch();
    const { editor, element } = mount({ document: readFixture('docxjs-text.docx'), telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    expect(fetch).not.toHaveBeenCalled();
    let shownWhenReported = false;
    fetch.mockImplementation(async () => {
      shownWhenReported = element.querySelector('.quire-document') !== null;
      return new Response(null, { status: 202 });
    });
    await editor.ready;
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(shownWhenReported).toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe('https://collector.example/v1/collect');
    expect(reportedIds(fetch)).toEqual([editor.getDocumentId()]);
    await editor.open(readFixture('docxjs-numbering.docx'));
    await settle();
    expect(reportedIds(fetch)).toEqual([expect.any(String), editor.getDocumentId()]);
    editor.destroy();
  });

  it('sends one report per import of Markdown or HTML', async () => {
    const fetch = recordingFetch();
    const { editor } = mount({ document: readFixture('docxjs-text.docx'), telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    await editor.ready;
    await editor.import(new File(['# A'], 'a.md'));
    await editor.import(new File(['<p>b</p>'], 'b.html'));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(reportedIds(fetch)[2]).toBe(editor.getDocumentId());
    editor.destroy();
  });

  it('sends the root licenseKey as X-License-Key', async () => {
    const fetch = recordingFetch();
    const { editor } = mount({ document: readFixture('docxjs-text.docx'), licenseKey: 'org-key', telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    await editor.ready;
    await settle();
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['X-License-Key']).toBe('org-key');
    editor.destroy();
  });

  it('sends nothing with telemetry.enabled false, for opens and imports alike', async () => {
    const fetch = recordingFetch();
    const { editor } = mount({ document: readFixture('docxjs-text.docx'), telemetry: { enabled: false }, fetch });
    await editor.ready;
    await editor.import(new File(['# A'], 'a.md'));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    editor.destroy();
  });

  it('sends nothing for a document that failed to open, or for the empty document of an editor without one', async () => {
    const fetch = recordingFetch();
    const failed = mount({ document: new Uint8Array([1, 2, 3]), telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    await failed.editor.ready.catch(() => undefined);
    const empty = mount({ telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    await empty.editor.ready;
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    failed.editor.destroy();
    empty.editor.destroy();
  });

  it('keeps the page working when the collector fails', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('network down');
    });
    const { editor } = mount({ document: readFixture('docxjs-text.docx'), telemetry: { endpoint: 'https://collector.example/v1/collect' }, fetch });
    await expect(editor.ready).resolves.toBeUndefined();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    editor.destroy();
  });
});
