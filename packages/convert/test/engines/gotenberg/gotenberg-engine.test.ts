import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isConversionError } from '../../../src/conversion-error.js';
import type { ConversionEngine } from '../../../src/engine.js';
import { createGotenbergEngine } from '../../../src/engines/gotenberg/gotenberg-engine.js';
import { isQuireOptionsError } from '../../../../quire/src/quire-options-error.js';
import { buildDocx } from '../../../../../test/support/docx-builder.js';
import { startGotenbergStandIn, STAND_IN_PDF, type GotenbergStandIn } from './gotenberg-stand-in.js';
import { codeOf } from '../../support/error-code.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('createGotenbergEngine', () => {
  let standIn: GotenbergStandIn;
  let engine: ConversionEngine;

  beforeAll(async () => {
    standIn = await startGotenbergStandIn();
    engine = createGotenbergEngine({ url: `${standIn.url}/` });
  });
  afterEach(() => {
    standIn.requests.length = 0;
    standIn.behaviour = {};
  });
  afterAll(async () => {
    await engine.close();
    await standIn.close();
  });

  it('sends DOCX as one files part named document.docx to the LibreOffice route and returns the PDF', async () => {
    const docx = await fixture('docx/pandoc-headers.docx');
    const result = await engine.convert(docx, { from: 'docx', to: 'pdf' });
    expect(result).toEqual({ bytes: STAND_IN_PDF, contentType: 'application/pdf', warnings: [] });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/forms/libreoffice/convert');
    expect(request?.files.map((file) => file.name)).toEqual(['document.docx']);
    expect(request?.files[0]?.bytes).toEqual(docx);
  });

  it('sends HTML as index.html to the Chromium HTML route with a policy that blocks every fetch', async () => {
    const html = '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=http://example.com/"></head><body><p>Hi</p></body></html>';
    await engine.convert(utf8(html), { from: 'html', to: 'pdf' });
    const [request] = standIn.requests;
    expect(request?.path).toBe('/forms/chromium/convert/html');
    expect(request?.files.map((file) => file.name)).toEqual(['index.html']);
    const sent = decode(request!.files[0]!.bytes);
    expect(sent.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBe(true);
    expect(sent).toContain('<body><p>Hi</p></body>');
    expect(sent).not.toMatch(/http-equiv="refresh"/i);
  });

  it('sends Markdown with an index.html template that renders it, to the Chromium Markdown route', async () => {
    const markdown = await fixture('markdown/pandoc-pipe-tables.md');
    await engine.convert(markdown, { from: 'md', to: 'pdf' });
    const [request] = standIn.requests;
    expect(request?.path).toBe('/forms/chromium/convert/markdown');
    expect(request?.files.map((file) => file.name)).toEqual(['index.html', 'document.md']);
    expect(decode(request!.files[0]!.bytes)).toContain('{{ toHTML "document.md" }}');
    expect(decode(request!.files[0]!.bytes)).toContain('Content-Security-Policy');
    expect(request?.files[1]?.bytes).toEqual(markdown);
  });

  it('converts to PDF only and refuses DOCX output without a request', async () => {
    expect(engine.supports('docx', 'pdf')).toBe(true);
    expect(engine.supports('md', 'docx')).toBe(false);
    expect(await codeOf(engine.convert(utf8('# x'), { from: 'md', to: 'docx' }))).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect(standIn.requests).toEqual([]);
  });

  it('refuses input that is not of the declared format, and a zip bomb, without a request', async () => {
    expect(await codeOf(engine.convert(utf8('plain text'), { from: 'docx', to: 'pdf' }))).toBe('CONVERT_INPUT_INVALID');
    const bomb = buildDocx({ extraEntries: { 'word/media/zeros.bin': new Uint8Array(8 * 1024 * 1024) } });
    expect(await codeOf(engine.convert(bomb, { from: 'docx', to: 'pdf' }))).toBe('CONVERT_INPUT_INVALID');
    expect(standIn.requests).toEqual([]);
  });

  it.each([
    [400, 'CONVERT_INPUT_INVALID'],
    [403, 'CONVERT_INPUT_INVALID'],
    [409, 'CONVERT_ENGINE_FAILED'],
    [413, 'CONVERT_INPUT_TOO_LARGE'],
    [429, 'CONVERT_BUSY'],
    [500, 'CONVERT_ENGINE_FAILED'],
    [502, 'CONVERT_ENGINE_UNAVAILABLE'],
    [503, 'CONVERT_TIMEOUT'],
  ])('maps Gotenberg status %i to %s with its message', async (status, code) => {
    standIn.behaviour = { status, body: `Gotenberg says ${status}\nsecond line` };
    const error = await rejection(engine.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }));
    expect(isConversionError(error) && error.code).toBe(code);
    expect((error as Error).message).toBe(`Gotenberg answered ${status}: Gotenberg says ${status}`);
    expect(isConversionError(error) && error.engine).toBe('gotenberg');
    // Gotenberg's 429 is its full queue, which a server answers unlike a wait that ran out.
    expect(isConversionError(error) && error.reason).toBe(status === 429 ? 'queue_full' : undefined);
  });

  it('reports a wrong route (not a Gotenberg 8 server) as unavailable', async () => {
    const wrong = createGotenbergEngine({ url: `${standIn.url}/some/prefix` });
    expect(await codeOf(wrong.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }))).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });

  it('rejects an answer that is not a PDF', async () => {
    standIn.behaviour = { status: 200, body: utf8('<html>proxy login page</html>') };
    expect(await codeOf(engine.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }))).toBe('CONVERT_OUTPUT_INVALID');
  });

  it('rejects an answer larger than maxOutputBytes', async () => {
    const small = createGotenbergEngine({ url: standIn.url, maxOutputBytes: 100 });
    expect(await codeOf(small.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }))).toBe('CONVERT_OUTPUT_INVALID');
  });

  it('times out a slow answer with CONVERT_TIMEOUT', async () => {
    // The stand-in answers a PDF after 3 s: CONVERT_TIMEOUT shows the engine stopped waiting first,
    // however long this machine took, with no clock to compare.
    standIn.behaviour = { delayMs: 3000 };
    expect(await codeOf(engine.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf', timeoutMs: 200 }))).toBe('CONVERT_TIMEOUT');
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    standIn.behaviour = { delayMs: 3000 };
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client went away')), 100);
    const error = await rejection(engine.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf', signal: controller.signal }));
    expect((error as Error).message).toBe('client went away');
  });

  it('reports an unreachable cluster as unavailable', async () => {
    const probe = await startGotenbergStandIn();
    const url = probe.url;
    await probe.close();
    const gone = createGotenbergEngine({ url });
    expect(await codeOf(gone.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }))).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });

  it('sends credentials in the URL as Basic authorization, and extra headers', async () => {
    const authed = createGotenbergEngine({ url: standIn.url.replace('http://', 'http://quire:s%3Acret@'), headers: { 'x-tenant': 'a' } });
    await authed.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' });
    expect(standIn.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('quire:s:cret').toString('base64')}`);
    expect(standIn.requests[0]?.headers['x-tenant']).toBe('a');
  });

  it('fails after close', async () => {
    const closing = createGotenbergEngine({ url: standIn.url });
    await closing.close();
    expect(await codeOf(closing.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }))).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });

  it('refuses a URL that is not http(s), naming the option', () => {
    for (const url of ['ftp://gotenberg:3000', 'gotenberg:3000/x', '']) {
      let thrown: unknown;
      try {
        createGotenbergEngine({ url });
      } catch (error) {
        thrown = error;
      }
      expect(isQuireOptionsError(thrown) && thrown.option).toBe('gotenberg.url');
    }
  });
});

describe('the Gotenberg stand-in', () => {
  it('answers 400 to forms Gotenberg would refuse, as a check of the stand-in itself', async () => {
    const standIn = await startGotenbergStandIn();
    try {
      const post = async (path: string, files: Array<[string, string]>, field = 'files') => {
        const form = new FormData();
        for (const [name, content] of files) form.append(field, new Blob([content]), name);
        return (await fetch(`${standIn.url}${path}`, { method: 'POST', body: form })).status;
      };
      expect(await post('/forms/chromium/convert/html', [['page.html', '<p>x</p>']])).toBe(400);
      expect(await post('/forms/chromium/convert/html', [['index.html', '<p>x</p>']], 'file')).toBe(400);
      expect(await post('/forms/chromium/convert/markdown', [['index.html', '<p>no template</p>'], ['a.md', '# a']])).toBe(400);
      expect(await post('/forms/libreoffice/convert', [['document.exe', 'MZ']])).toBe(400);
      expect(await post('/forms/chromium/convert/html', [['index.html', '<p>x</p>']])).toBe(200);
    } finally {
      await standIn.close();
    }
  });
});
