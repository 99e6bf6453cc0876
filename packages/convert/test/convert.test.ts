import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convert } from '../src/convert.js';
import { createEngines } from '../src/create-engines.js';
import { pageSizes, pdfText } from '../../../test/support/pdf-tools.js';
import { createFakeEngine } from './support/fake-engine.js';
import { codeOf } from './support/error-code.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

// Only the given fake engines: no LibreOffice discovery, no Gotenberg URL.
function fakeRegistry(...engines: ReturnType<typeof createFakeEngine>[]) {
  return createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines });
}

describe('convert', () => {
  it('detects the input format from the content, converts to PDF by default and reports what it used', async () => {
    const libreoffice = createFakeEngine('libreoffice');
    const result = await convert(await fixture('docx/pandoc-headers.docx'), {}, fakeRegistry(libreoffice));
    expect(result.from).toBe('docx');
    expect(result.to).toBe('pdf');
    expect(result.engine).toBe('libreoffice');
    expect(result.warnings).toEqual(['converted by libreoffice']);
    expect(libreoffice.calls.map((call) => call.request)).toEqual([{ from: 'docx', to: 'pdf' }]);
  });

  it('takes the format of text from the file name and passes the name, time limit, longest queue wait and signal on', async () => {
    const builtin = createFakeEngine('builtin');
    const signal = new AbortController().signal;
    await convert(utf8('<div>x</div>'), { fileName: 'notes.md', to: 'docx', timeoutMs: 5000, maxQueueWaitMs: 2000, signal }, fakeRegistry(builtin));
    expect(builtin.calls[0]?.request).toEqual({ from: 'md', to: 'docx', fileName: 'notes.md', timeoutMs: 5000, maxQueueWaitMs: 2000, signal });
  });

  it('refuses input over the size cap before any engine sees it', async () => {
    const builtin = createFakeEngine('builtin');
    expect(await codeOf(convert(new Uint8Array(101), { from: 'md', maxInputBytes: 100 }, fakeRegistry(builtin)))).toBe('CONVERT_INPUT_TOO_LARGE');
    expect(builtin.calls).toEqual([]);
  });

  it('refuses input that does not match the declared format, or no supported format', async () => {
    const builtin = createFakeEngine('builtin');
    expect(await codeOf(convert(utf8('# heading'), { from: 'docx' }, fakeRegistry(builtin)))).toBe('CONVERT_INPUT_INVALID');
    expect(await codeOf(convert(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), {}, fakeRegistry(builtin)))).toBe('CONVERT_INPUT_INVALID');
    expect(builtin.calls).toEqual([]);
  });

  it('hands a zip to the engine unopened, and the engine refuses one that holds no Word document', async () => {
    const spreadsheetLike = zipSync({ '[Content_Types].xml': utf8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') });
    const engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    try {
      const refusal = await convert(spreadsheetLike, { fileName: 'sheet.docx' }, engines).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'CONVERT_INPUT_INVALID', engine: 'builtin', message: expect.stringMatching(/no main document relationship/) });
    } finally {
      await engines.close();
    }
  });

  it('refuses unknown formats and engine names as the API may pass them', async () => {
    const registry = fakeRegistry(createFakeEngine('builtin'));
    expect(await codeOf(convert(utf8('x'), { to: 'odt' as never }, registry))).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect(await codeOf(convert(utf8('x'), { from: 'rtf' as never }, registry))).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect(await codeOf(convert(utf8('x'), { engine: 'pandoc' as never }, registry))).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });

  it('sends PDF to Gotenberg and DOCX output to the local engine', async () => {
    const gotenberg = createFakeEngine('gotenberg', ['pdf']);
    const libreoffice = createFakeEngine('libreoffice');
    const registry = fakeRegistry(gotenberg, libreoffice);
    expect((await convert(utf8('# x'), { from: 'md' }, registry)).engine).toBe('gotenberg');
    const docx = await convert(utf8('# x'), { from: 'md', to: 'docx', engine: 'gotenberg' }, registry);
    expect(docx.engine).toBe('libreoffice');
    expect(docx.warnings).toEqual(['Gotenberg does not write docx; the conversion ran locally.', 'converted by libreoffice']);
  });

  it('honours QUIRE_ENGINE from the given environment', async () => {
    const builtin = createFakeEngine('builtin');
    const libreoffice = createFakeEngine('libreoffice');
    const result = await convert(utf8('<p>x</p>'), { env: { QUIRE_ENGINE: 'builtin' } }, fakeRegistry(builtin, libreoffice));
    expect(result.engine).toBe('builtin');
    expect(libreoffice.calls).toEqual([]);
  });

  it('rejects with the reason of an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(convert(utf8('x'), { from: 'md', signal: controller.signal }, fakeRegistry(createFakeEngine('builtin')))).rejects.toThrow('gone');
  });

  it('leaves a passed registry open', async () => {
    const builtin = createFakeEngine('builtin');
    await convert(utf8('x'), { from: 'md' }, fakeRegistry(builtin));
    expect(builtin.closed).toBe(false);
  });
});

describe('convert with the built-in engine', () => {
  it('writes Markdown, HTML and DOCX as PDF by default, with the text of the input', async () => {
    const registry = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    try {
      const md = await convert(utf8('# Quarterly plan\n\nShip the *widget* soon.'), { from: 'md' }, registry);
      const html = await convert(utf8('<h1>Garden notes</h1><p>Water the tomatoes.</p>'), { from: 'html' }, registry);
      const docx = await convert(await fixture('docx/pandoc-headers.docx'), {}, registry);
      const cases: Array<[typeof md, string]> = [
        [md, 'Quarterly plan Ship the widget soon.'],
        [html, 'Garden notes Water the tomatoes.'],
        [docx, 'A Test of Headers'],
      ];
      for (const [result, expected] of cases) {
        expect(result.to).toBe('pdf');
        expect(result.engine).toBe('builtin');
        expect(new TextDecoder('latin1').decode(result.bytes.subarray(0, 5))).toBe('%PDF-');
        expect(pdfText(result.bytes).replace(/\s+/g, ' ')).toContain(expected);
      }
    } finally {
      await registry.close();
    }
  }, 60_000);
});

describe('convert with a locale', () => {
  it('lays Markdown out on US Letter for en-US and on A4 without a locale', async () => {
    const registry = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    try {
      const letter = await convert(utf8('# Memo\n\nPaper follows the locale.'), { from: 'md', locale: 'en-US' }, registry);
      const a4 = await convert(utf8('# Memo\n\nPaper follows the locale.'), { from: 'md' }, registry);

      expect(pageSizes(letter.bytes)[0]).toEqual({ width: 612, height: 792 });
      expect(pageSizes(a4.bytes)[0]).toEqual({ width: 595, height: 842 });
    } finally {
      await registry.close();
    }
  }, 60_000);

  it('rejects a malformed locale before any engine runs', async () => {
    const engine = createFakeEngine('builtin');
    await expect(convert(utf8('# x'), { from: 'md', locale: 'not a tag' }, fakeRegistry(engine))).rejects.toThrow(RangeError);
    expect(engine.calls).toHaveLength(0);
  });
});

describe('convert with markup', () => {
  it('prints a DOCX\'s deleted text with markup all or original through the built-in engine, and ignores markup for Markdown', async () => {
    const registry = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    try {
      const docx = await fixture('docx/superdoc-msword-tracked-changes.docx');
      const text = async (markup?: 'none' | 'all' | 'original') => pdfText((await convert(docx, markup ? { markup } : {}, registry)).bytes);
      expect(await text()).not.toContain('Delete me');
      expect(await text('none')).not.toContain('Delete me');
      expect(await text('all')).toContain('Delete me');
      expect(await text('original')).toContain('Delete me');
      const markdown = await convert(utf8('# Memo\n\nNo review here.'), { from: 'md', markup: 'all' }, registry);
      expect(pdfText(markdown.bytes)).toContain('No review here.');
    } finally {
      await registry.close();
    }
  }, 60_000);

  it('sends markup other than none to the built-in engine, and refuses another engine asked for it', async () => {
    const builtin = createFakeEngine('builtin');
    const libreoffice = createFakeEngine('libreoffice');
    const docx = await fixture('docx/superdoc-msword-tracked-changes.docx');
    const result = await convert(docx, { markup: 'all' }, fakeRegistry(libreoffice, builtin));
    expect(result.engine).toBe('builtin');
    expect(builtin.calls.map((call) => call.request)).toEqual([{ from: 'docx', to: 'pdf', markup: 'all' }]);
    expect(await codeOf(convert(docx, { markup: 'original', engine: 'libreoffice' }, fakeRegistry(libreoffice, builtin)))).toBe('CONVERT_MARKUP_UNSUPPORTED');
    expect(await codeOf(convert(docx, { markup: 'all' }, fakeRegistry(libreoffice)))).toBe('CONVERT_MARKUP_UNSUPPORTED');
    // None is what every engine prints: no refusal.
    expect((await convert(docx, { markup: 'none', engine: 'libreoffice' }, fakeRegistry(libreoffice, builtin))).engine).toBe('libreoffice');
    expect(libreoffice.calls).toHaveLength(1);
  });

  it('rejects an unknown markup before any engine runs', async () => {
    const engine = createFakeEngine('builtin');
    await expect(convert(utf8('# x'), { from: 'md', markup: 'simple' as 'all' }, fakeRegistry(engine))).rejects.toThrow(TypeError);
    expect(engine.calls).toHaveLength(0);
  });
});

describe('createEngines', () => {
  it('registers the built-in engine by default, Gotenberg only with a URL, LibreOffice only when soffice is found', async () => {
    const none = createEngines({ env: { QUIRE_SOFFICE: '/nonexistent/soffice' }, builtin: false });
    expect([...none.engines.keys()]).toEqual([]);
    const builtinOnly = createEngines({ env: { QUIRE_SOFFICE: '/nonexistent/soffice' } });
    expect([...builtinOnly.engines.keys()]).toEqual(['builtin']);
    await builtinOnly.close();
    const withUrl = createEngines({ env: { QUIRE_GOTENBERG_URL: 'http://gotenberg:3000', QUIRE_SOFFICE: '/nonexistent/soffice' }, builtin: false });
    expect([...withUrl.engines.keys()]).toEqual(['gotenberg']);
    const builtin = createFakeEngine('builtin');
    const hooked = createEngines({ env: { QUIRE_SOFFICE: '/usr/bin/soffice' }, createBuiltinEngine: () => builtin });
    expect([...hooked.engines.keys()]).toEqual(['builtin', 'libreoffice']);
    await hooked.close();
    expect(builtin.closed).toBe(true);
  });

  it('replaces engines by name with the ones given', () => {
    const custom = createFakeEngine('libreoffice');
    const registry = createEngines({ env: { QUIRE_SOFFICE: '/usr/bin/soffice' }, builtin: false, engines: [custom] });
    expect(registry.engines.get('libreoffice')).toBe(custom);
  });
});
