// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readDocumentInput } from '../../src/input/read-document-input.js';

const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);

describe('readDocumentInput in a browser-like environment', () => {
  it('reads a File and a Blob made by the DOM implementation', async () => {
    expect([...(await readDocumentInput(new window.File([bytes], 'doc.docx')))]).toEqual([...bytes]);
    expect([...(await readDocumentInput(new window.Blob([bytes])))]).toEqual([...bytes]);
  });

  it('resolves a relative URL against the page address', async () => {
    const requested: string[] = [];
    const fetch = async (url: string): Promise<Response> => {
      requested.push(url);
      return new Response(bytes);
    };
    await readDocumentInput('files/doc.docx?v=2', { fetch });
    await readDocumentInput('/root.docx', { fetch });
    expect(requested).toEqual([new URL('files/doc.docx?v=2', location.href).href, new URL('/root.docx', location.href).href]);
    expect(requested[0]?.startsWith(location.origin)).toBe(true);
  });
});
