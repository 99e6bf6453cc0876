import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import { identifyDocument } from '../../../quire/src/identity/identify-document.js';
import { createFakeEngine } from '../../../convert/test/support/fake-engine.js';
import { docxText } from '../../../../test/support/inspect-output.js';
import { pageSizes, pdfText } from '../../../../test/support/pdf-tools.js';
import { errorBody, startConvertHarness, type ConvertHarness } from './convert-harness.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../test/fixtures/${path}`, import.meta.url)));
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('POST /v1/convert (PGlite, built-in engine)', () => {
  let engines: EngineRegistry;
  let harness: ConvertHarness;

  beforeAll(async () => {
    engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    harness = await startConvertHarness('pglite', { engines });
  });
  afterAll(async () => {
    await harness.close();
    await engines.close();
  });

  it('converts Markdown to DOCX and answers the file as an attachment named after the input', async () => {
    const markdown = await fixture('markdown/pandoc-pipe-tables.md');
    const response = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'tables.md', content: markdown }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="tables.docx"');
    expect(response.headers.get('x-quire-engine')).toBe('builtin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const docx = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(docx.length));
    expect(docxText(docx)).toContain('Demonstration of simple table syntax.');
  }, 30_000);

  it('returns the conversion warnings in X-Quire-Warnings-Count and X-Quire-Warnings', async () => {
    const page = '<p>Logo <img src="https://example.com/logo.png" alt="Logo"></p><script>track()</script>';
    const warned = await harness.convert('from=html&to=docx', [{ name: 'file', fileName: 'page.html', content: page }]);
    expect(warned.status).toBe(200);
    expect(warned.headers.get('x-quire-warnings-count')).toBe('2');
    const warnings = JSON.parse(warned.headers.get('x-quire-warnings') ?? '[]') as string[];
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('https://example.com/logo.png');
    expect(warnings[1]).toContain('<script>');

    const clean = await harness.convert('from=md&to=docx', [{ name: 'file', content: '# Clean' }]);
    expect(clean.headers.get('x-quire-warnings-count')).toBe('0');
    expect(clean.headers.has('x-quire-warnings')).toBe(false);
  }, 30_000);

  it('detects the input format from the file name or the content when `from` is absent', async () => {
    const html = await harness.convert('to=docx', [{ name: 'file', fileName: 'page.html', content: '<h1>From a page</h1>' }]);
    expect(html.status).toBe(200);
    expect(docxText(new Uint8Array(await html.arrayBuffer()))).toContain('From a page');
    const unnamed = await harness.convert('to=docx', [{ name: 'file', content: '<!DOCTYPE html><html><body><p>sniffed</p></body></html>' }]);
    expect(unnamed.headers.get('content-disposition')).toBe('attachment; filename="document.docx"');
    expect(docxText(new Uint8Array(await unnamed.arrayBuffer()))).toContain('sniffed');
  }, 30_000);

  it('passes a DOCX through to DOCX with its identity metadata completed', async () => {
    const bare = await fixture('docx/python-docx-doc-no-coreprops.docx');
    const response = await harness.convert('from=docx&to=docx', [{ name: 'file', fileName: 'Bericht über 2025.docx', content: bare }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename=\"Bericht _ber 2025.docx\"; filename*=UTF-8''Bericht%20%C3%BCber%202025.docx",
    );
    const identity = await identifyDocument(new Uint8Array(await response.arrayBuffer()));
    expect(identity.generated).toEqual({ guid: false, createdAt: false });
  }, 30_000);

  it('defaults `to` to pdf and writes Markdown, HTML and DOCX as PDF with the built-in engine', async () => {
    const cases: Array<[string, string, Uint8Array | string, string]> = [
      ['', 'notes.md', '# Meeting notes\n\nDecide the *date* today.', 'Meeting notes Decide the date today.'],
      ['from=html', 'page.html', '<h1>Garden notes</h1><p>Water the tomatoes.</p>', 'Garden notes Water the tomatoes.'],
      ['from=docx', 'headers.docx', await fixture('docx/pandoc-headers.docx'), 'A Test of Headers'],
    ];
    for (const [query, fileName, content, expected] of cases) {
      const response = await harness.convert(query, [{ name: 'file', fileName, content }]);
      expect(response.status, fileName).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-quire-engine')).toBe('builtin');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName.replace(/\.\w+$/, '.pdf')}"`);
      const pdf = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder('latin1').decode(pdf.subarray(0, 5))).toBe('%PDF-');
      expect(pdfText(pdf).replace(/\s+/g, ' '), fileName).toContain(expected);
    }
  }, 60_000);

  it('answers 501 when no registered engine converts the pair (a registry without the built-in engine)', async () => {
    const none = createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [createFakeEngine('libreoffice', ['docx'])] });
    const bare = await startConvertHarness('pglite', { engines: none });
    try {
      const response = await bare.convert('from=md', [{ name: 'file', fileName: 'a.md', content: '# x' }]);
      expect(response.status).toBe(501);
      expect(await errorBody(response)).toMatchObject({ code: 'CONVERT_UNSUPPORTED_PAIR', message: 'No available engine converts md to pdf.' });
    } finally {
      await bare.close();
      await none.close();
    }
  });

  it('requires an API key', async () => {
    const missing = await harness.request('/v1/convert?from=md', { method: 'POST', body: 'x' });
    expect(missing.status).toBe(401);
    expect(await errorBody(missing)).toMatchObject({ code: 'AUTH_KEY_MISSING' });
    const wrong = await harness.convert('from=md', [{ name: 'file', content: '# x' }], `sd_${'A'.repeat(49)}`);
    expect(wrong.status).toBe(401);
  });

  it('refuses unknown formats in the query with REQUEST_INVALID', async () => {
    const response = await harness.convert('from=rtf&to=odt', [{ name: 'file', content: '# x' }]);
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.code).toBe('REQUEST_INVALID');
    expect((body.details as Array<{ path: string }>).map((issue) => issue.path).sort()).toEqual(['from', 'to']);
    expect(body.message).toContain('`from` is "rtf", expected one of docx, md, html');
    expect(body.message).toContain('`to` is "odt", expected one of pdf, docx');
  });

  it('lays PDF pages out on the paper of the `locale` query, and refuses a malformed locale', async () => {
    const letter = await harness.convert('from=md&locale=en-US', [{ name: 'file', content: '# Memo' }]);
    expect(letter.status).toBe(200);
    expect(pageSizes(new Uint8Array(await letter.arrayBuffer()))[0]).toEqual({ width: 612, height: 792 });

    const wrong = await harness.convert('from=md&locale=en_US.UTF-8', [{ name: 'file', content: '# Memo' }]);
    expect(wrong.status).toBe(400);
    const body = await errorBody(wrong);
    expect(body.code).toBe('REQUEST_INVALID');
    expect((body.details as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['locale']);
    expect(body.message).toBe('The request is invalid: `locale` is "en_US.UTF-8": expected a BCP 47 language tag such as en-US.');
  }, 30_000);

  it('prints a DOCX with the markup of the `markup` query: deleted text and the comment margin only with all', async () => {
    const tracked = await fixture('docx/superdoc-msword-tracked-changes.docx');
    const text = async (query: string) => {
      const response = await harness.convert(query, [{ name: 'file', fileName: 'tracked.docx', content: tracked }]);
      expect(response.status).toBe(200);
      return pdfText(new Uint8Array(await response.arrayBuffer()));
    };
    expect(await text('')).not.toContain('Delete me');
    expect(await text('markup=none')).not.toContain('Delete me');
    expect(await text('markup=all')).toContain('Delete me');
    expect(await text('markup=original')).not.toContain('New text');
    const commented = await fixture('docx/python-docx-comments-rich-para.docx');
    const response = await harness.convert('markup=all', [{ name: 'file', fileName: 'commented.docx', content: commented }]);
    expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain('Steve Canny');
  }, 60_000);

  it('refuses an unknown markup with 400 and the usual JSON error', async () => {
    const response = await harness.convert('markup=simple', [{ name: 'file', fileName: 'memo.md', content: '# Memo' }]);
    expect(response.status).toBe(400);
    const body = (await errorBody(response)) as { code: string; message: string; error?: unknown; requestId?: unknown; details?: unknown };
    expect(body.code).toBe('REQUEST_INVALID');
    expect(typeof body.error).toBe('string');
    expect(typeof body.requestId).toBe('string');
    expect((body.details as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['markup']);
    expect(body.message).toContain('`markup` is "simple", expected one of none, all, original');
  });

  it('describes the route in /openapi.json with its query and multipart body', async () => {
    const document = (await (await harness.request('/openapi.json')).json()) as {
      paths: Record<string, { post?: { parameters: Array<{ name: string; in: string; required?: boolean }>; requestBody: { content: Record<string, { schema: unknown }> }; security: unknown; responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    };
    const operation = document.paths['/v1/convert']?.post;
    expect(operation?.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required ?? false])).toEqual([
      ['from', 'query', false],
      ['to', 'query', false],
      ['locale', 'query', false],
      ['markup', 'query', false],
    ]);
    expect(operation?.requestBody.content['multipart/form-data']?.schema).toEqual({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(operation?.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(operation?.responses['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['X-Quire-Engine', 'X-Quire-Warnings-Count', 'X-Quire-Warnings']),
    );
  });
});

describe('POST /v1/convert with markup and no built-in engine', () => {
  it('answers 501 CONVERT_MARKUP_UNSUPPORTED when only LibreOffice could run a markup it cannot draw', async () => {
    const libreoffice = createFakeEngine('libreoffice');
    const engines = createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [libreoffice] });
    const harness = await startConvertHarness('pglite', { engines });
    try {
      const tracked = await fixture('docx/superdoc-msword-tracked-changes.docx');
      const refused = await harness.convert('markup=all', [{ name: 'file', fileName: 'tracked.docx', content: tracked }]);
      expect(refused.status).toBe(501);
      expect((await errorBody(refused)).code).toBe('CONVERT_MARKUP_UNSUPPORTED');
      expect(libreoffice.calls).toHaveLength(0);
      const plain = await harness.convert('markup=none', [{ name: 'file', fileName: 'tracked.docx', content: tracked }]);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('x-quire-engine')).toBe('libreoffice');
    } finally {
      await harness.close();
      await engines.close();
    }
  }, 60_000);
});

describe('POST /v1/convert (PostgreSQL)', () => {
  it('converts HTML to DOCX for a key stored in PostgreSQL', async () => {
    const engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    const harness = await startConvertHarness('postgres', { engines });
    try {
      const response = await harness.convert('from=html&to=docx', [{ name: 'file', fileName: 'p.html', content: '<p>stored in postgres</p>' }]);
      expect(response.status).toBe(200);
      expect(docxText(new Uint8Array(await response.arrayBuffer()))).toContain('stored in postgres');
    } finally {
      await harness.close();
      await engines.close();
    }
  }, 60_000);
});
