import { describe, expect, it } from 'vitest';
import { readUpload } from '../../src/convert/read-upload.js';
import { ApiError } from '../../src/errors/api-error.js';
import { buildMultipart, streamOf, TEST_BOUNDARY, type FormPart } from './multipart.js';

const LIMIT = { maxFileBytes: 1024 * 1024 };

function request(body: BodyInit | null, contentType: string | undefined, headers: Record<string, string> = {}): Request {
  return new Request('http://quire.test/v1/convert', {
    method: 'POST',
    body,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

function formRequest(parts: FormPart[]): Request {
  const { body, contentType } = buildMultipart(parts);
  return request(body, contentType);
}

async function apiErrorOf(promise: Promise<unknown>): Promise<{ code: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, ...(error.details === undefined ? {} : { details: error.details }) };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('readUpload', () => {
  it('returns the bytes and base name of the file part, ignoring text fields', async () => {
    const upload = await readUpload(
      formRequest([
        { name: 'comment', content: 'ignored' },
        { name: 'file', fileName: 'C:\\docs\\notes.md', content: '# Notes', contentType: 'text/markdown' },
      ]),
      LIMIT,
    );
    expect(new TextDecoder().decode(upload.bytes)).toBe('# Notes');
    expect(upload.fileName).toBe('notes.md');
  });

  it('accepts a file part sent without a file name, and a body built by FormData', async () => {
    const bare = await readUpload(formRequest([{ name: 'file', content: '<p>x</p>' }]), LIMIT);
    expect(bare).toEqual({ bytes: expect.any(Uint8Array), fileName: undefined });
    expect(new TextDecoder().decode(bare.bytes)).toBe('<p>x</p>');

    const form = new FormData();
    form.append('file', new Blob(['héllo']), 'Übersicht.md');
    const upload = await readUpload(new Request('http://quire.test/', { method: 'POST', body: form }), LIMIT);
    expect(new TextDecoder().decode(upload.bytes)).toBe('héllo');
    expect(upload.fileName).toBe('Übersicht.md');
  });

  it('reads a body streamed without Content-Length', async () => {
    const content = new Uint8Array(300_000).fill(0x61);
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'a.md', content }]);
    const upload = await readUpload(request(streamOf(body, 10_000), contentType), LIMIT);
    expect(upload.bytes).toEqual(content);
  });

  it('refuses bodies that are not multipart/form-data, or have no usable boundary', async () => {
    expect(await apiErrorOf(readUpload(request('{}', 'application/json'), LIMIT))).toEqual({ code: 'CONVERT_MEDIA_TYPE_UNSUPPORTED' });
    expect(await apiErrorOf(readUpload(request('x', undefined), LIMIT))).toEqual({ code: 'CONVERT_MEDIA_TYPE_UNSUPPORTED' });
    expect(await apiErrorOf(readUpload(request('x', 'multipart/form-data'), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
    expect(await apiErrorOf(readUpload(request('x', `multipart/form-data; boundary=${'b'.repeat(300)}`), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
    expect(await apiErrorOf(readUpload(request(null, `multipart/form-data; boundary=${TEST_BOUNDARY}`), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
  });

  it('refuses a body cut short, or one that never closes its boundary', async () => {
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'a.md', content: 'x'.repeat(5000) }]);
    expect(await apiErrorOf(readUpload(request(body.slice(0, 3000), contentType), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
    expect(await apiErrorOf(readUpload(request(body.slice(0, body.length - 10), contentType), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
    expect(await apiErrorOf(readUpload(request('just some text', contentType), LIMIT))).toEqual({ code: 'CONVERT_MULTIPART_INVALID' });
  });

  it('names the file parts it saw when none is called "file"', async () => {
    expect(await apiErrorOf(readUpload(formRequest([{ name: 'upload', fileName: 'a.md', content: '# x' }]), LIMIT))).toEqual({
      code: 'CONVERT_FILE_MISSING',
      details: { fileParts: ['upload'] },
    });
    expect(await apiErrorOf(readUpload(formRequest([{ name: 'comment', content: 'no file' }]), LIMIT))).toEqual({ code: 'CONVERT_FILE_MISSING', details: { fileParts: [] } });
  });

  it('refuses a form with two files', async () => {
    const twoFiles = formRequest([
      { name: 'file', fileName: 'a.md', content: '# a' },
      { name: 'file', fileName: 'b.md', content: '# b' },
    ]);
    expect(await apiErrorOf(readUpload(twoFiles, LIMIT))).toEqual({ code: 'CONVERT_TOO_MANY_FILES', details: { fileParts: ['file', 'file'] } });
    const otherFirst = formRequest([
      { name: 'attachment', fileName: 'a.md', content: '# a' },
      { name: 'file', fileName: 'b.md', content: '# b' },
    ]);
    expect(await apiErrorOf(readUpload(otherFirst, LIMIT))).toEqual({ code: 'CONVERT_TOO_MANY_FILES', details: { fileParts: ['attachment', 'file'] } });
  });

  it('refuses a file over the cap, and a Content-Length or stream over the cap plus framing, without reading it all', async () => {
    const big = buildMultipart([{ name: 'file', fileName: 'big.md', content: new Uint8Array(LIMIT.maxFileBytes + 1).fill(0x61) }]);
    const refused = readUpload(request(big.body, big.contentType), LIMIT);
    await expect(refused).rejects.toMatchObject({ code: 'CONVERT_INPUT_TOO_LARGE', message: 'The file is larger than the upload limit of 1 MiB.' });

    const declared = request(streamOf(new Uint8Array(10)), big.contentType, { 'content-length': String(50 * 1024 * 1024) });
    await expect(readUpload(declared, LIMIT)).rejects.toMatchObject({ code: 'REQUEST_BODY_TOO_LARGE', message: expect.stringMatching(/larger than \d+(\.\d)? MiB /) });

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x2d));
      },
    });
    expect(await apiErrorOf(readUpload(request(endless, big.contentType), LIMIT))).toMatchObject({ code: 'REQUEST_BODY_TOO_LARGE' });
    expect(pulled * 64 * 1024).toBeLessThan(LIMIT.maxFileBytes + 2 * 1024 * 1024);
  });

  it('keeps at most 16 KiB of a part header, so a huge header is bounded and the part is unusable without its name', async () => {
    const junk = `X-Junk: ${'j'.repeat(2 * 1024 * 1024)}`;
    const huge = formRequest([{ name: 'file', fileName: 'a.md', content: '# x', headersBefore: [junk] }]);
    expect(await apiErrorOf(readUpload(huge, { maxFileBytes: 4 * 1024 * 1024 }))).toEqual({ code: 'CONVERT_FILE_MISSING', details: { fileParts: [] } });
  });
});
