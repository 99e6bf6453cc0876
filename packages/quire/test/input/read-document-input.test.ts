import { describe, expect, it } from 'vitest';
import { readDocumentInput, type DocumentInput } from '../../src/input/read-document-input.js';
import { asyncCodeOf } from '../package/zip-test-helpers.js';

const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 5, 6, 7, 8]);

/** A fetch that answers every request with `response` and records what it was asked. */
function fakeFetch(response: () => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    return response();
  };
  return { fetch, calls };
}

describe('readDocumentInput', () => {
  it('returns a Uint8Array as is, keeping the offset of a view into a larger buffer', async () => {
    const buffer = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const view = buffer.subarray(2, 5);
    const result = await readDocumentInput(view);
    expect(result).toBe(view);
    expect([...result]).toEqual([3, 4, 5]);
    const nodeBuffer = Buffer.from([9, 8]);
    expect(await readDocumentInput(nodeBuffer)).toBe(nodeBuffer);
  });

  it('wraps an ArrayBuffer without copying', async () => {
    const result = await readDocumentInput(bytes.buffer);
    expect(result.buffer).toBe(bytes.buffer);
    expect([...result]).toEqual([...bytes]);
  });

  it('reads Blobs, Files and Blob-like objects from another realm', async () => {
    expect([...(await readDocumentInput(new Blob([bytes])))]).toEqual([...bytes]);
    expect([...(await readDocumentInput(new File([bytes], 'a.docx')))]).toEqual([...bytes]);
    const foreign = { size: bytes.length, type: '', arrayBuffer: async () => bytes.slice().buffer } as unknown as Blob;
    expect([...(await readDocumentInput(foreign))]).toEqual([...bytes]);
  });

  it('rejects bytes and Blobs over maxBytes with DOCX_TOO_LARGE, without reading an oversized Blob', async () => {
    expect(await asyncCodeOf(readDocumentInput(bytes, { maxBytes: 4 }))).toBe('DOCX_TOO_LARGE');
    let read = false;
    const blob = { size: 1e9, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) } as unknown as Blob;
    expect(await asyncCodeOf(readDocumentInput(blob))).toBe('DOCX_TOO_LARGE');
    expect(read).toBe(false);
  });

  it('fetches a URL string or URL object with same-origin credentials and the given signal', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(bytes));
    const signal = new AbortController().signal;
    expect([...(await readDocumentInput('https://files.example/a.docx', { fetch, signal }))]).toEqual([...bytes]);
    await readDocumentInput(new URL('https://files.example/b.docx'), { fetch, credentials: 'include' });
    expect(calls.map((c) => c.url)).toEqual(['https://files.example/a.docx', 'https://files.example/b.docx']);
    expect(calls[0]?.init).toMatchObject({ credentials: 'same-origin', signal });
    expect(calls[1]?.init.credentials).toBe('include');
  });

  it('rejects invalid URLs, relative URLs without a page, and non-web schemes with INPUT_INVALID', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(bytes));
    for (const url of ['http://[bad', 'relative/doc.docx', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await asyncCodeOf(readDocumentInput(url, { fetch })), url).toBe('INPUT_INVALID');
    }
    expect(calls).toHaveLength(0);
  });

  it('rejects inputs of other types with INPUT_INVALID', async () => {
    for (const input of [42, null, {}, [1, 2]]) {
      expect(await asyncCodeOf(readDocumentInput(input as unknown as DocumentInput))).toBe('INPUT_INVALID');
    }
  });

  it('rejects a non-2xx answer with INPUT_FETCH_FAILED, naming the status but not the query string', async () => {
    const { fetch } = fakeFetch(() => new Response('missing', { status: 404 }));
    const failure = readDocumentInput('https://files.example/a.docx?token=secret', { fetch });
    await expect(failure).rejects.toMatchObject({ code: 'INPUT_FETCH_FAILED', details: { status: 404 } });
    await expect(failure).rejects.toThrow(/404/);
    await expect(failure).rejects.not.toThrow(/secret/);
  });

  it('rejects a network error with INPUT_FETCH_FAILED, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const fetch = async (): Promise<Response> => {
      throw cause;
    };
    await expect(readDocumentInput('https://files.example/a.docx', { fetch })).rejects.toMatchObject({
      code: 'INPUT_FETCH_FAILED',
      cause,
    });
  });

  it('rejects with INPUT_FETCH_FAILED when no fetch exists', async () => {
    const original = globalThis.fetch;
    Reflect.deleteProperty(globalThis, 'fetch');
    try {
      expect(await asyncCodeOf(readDocumentInput('https://files.example/a.docx'))).toBe('INPUT_FETCH_FAILED');
    } finally {
      globalThis.fetch = original;
    }
  });

  it('rejects a declared Content-Length over maxBytes without reading the body', async () => {
    let pulled = false;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new Uint8Array(10));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const { fetch } = fakeFetch(() => new Response(body, { headers: { 'content-length': '1000' } }));
    expect(await asyncCodeOf(readDocumentInput('https://files.example/a.docx', { fetch, maxBytes: 100 }))).toBe('DOCX_TOO_LARGE');
    expect(pulled).toBe(false);
    expect(cancelled).toBe(true);
  });

  it('stops a streamed body without Content-Length once it passes maxBytes, and cancels it', async () => {
    let chunks = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunks++;
        controller.enqueue(new Uint8Array(64));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { fetch } = fakeFetch(() => new Response(body));
    expect(await asyncCodeOf(readDocumentInput('https://files.example/a.docx', { fetch, maxBytes: 1000 }))).toBe('DOCX_TOO_LARGE');
    expect(cancelled).toBe(true);
    expect(chunks).toBeLessThan(40);
  });

  it('joins a body that arrives in several chunks', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 3));
        controller.enqueue(bytes.subarray(3));
        controller.close();
      },
    });
    const { fetch } = fakeFetch(() => new Response(body));
    expect([...(await readDocumentInput('https://files.example/a.docx', { fetch }))]).toEqual([...bytes]);
  });

  it('passes an abort through as the abort error, not as a fetch failure', async () => {
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    const fetch = async (_url: string, init: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(reason)));
    const pending = readDocumentInput('https://files.example/a.docx', { fetch, signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
