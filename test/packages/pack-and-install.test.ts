// The published packages as users install them: each tarball `npm pack` makes from the built
// dist/ (`npm test` builds first), checked with publint and installed into an empty folder outside
// the repository, so that nothing resolves from the repository's own node_modules.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installInto, measureInstall, packWorkspace, repositoryRoot, run, type PackedWorkspace } from '../support/packed-workspace.js';

const scratch = mkdtempSync(join(tmpdir(), 'quire-pack-'));
const version = (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string }).version;
const browserNames = ['Editor', 'openDocument', 'identifyDocument', 'writeDocumentMetadata', 'createTelemetry', 'DocumentError', 'QuireOptionsError', 'version'];
const node = (cwd: string, script: string, type: 'module' | 'commonjs' = 'module') =>
  run('node', type === 'module' ? ['--input-type=module', '-e', script] : ['-e', script], cwd);
// The server logs JSON lines to standard output too: the answer is the line that starts with `marker`.
const answerLine = (output: string, marker: string) => output.split('\n').find((line) => line.startsWith(marker))!;

let packed: PackedWorkspace;
beforeAll(() => {
  packed = packWorkspace(join(scratch, 'tarballs'));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('each packed package', () => {
  it.each(['quire', '@quire/convert', '@quire/fonts', '@quire/server'])('%s passes publint in strict mode', async (name) => {
    const folder = join(scratch, 'unpacked', name);
    run('mkdir', ['-p', folder], scratch);
    run('tar', ['-xzf', packed[name]!, '-C', folder, '--strip-components=1'], scratch);
    const { messages } = await publint({ pkgDir: folder, strict: true, level: 'suggestion' });
    expect(messages.map((m) => `${m.type}: ${m.code} ${JSON.stringify(m.args)}`)).toEqual([]);
    const files = run('find', ['.', '-type', 'f'], folder).split('\n').filter(Boolean);
    expect(files).toEqual(expect.arrayContaining(['./package.json', './README.md', './LICENSE']));
    expect(files.filter((file) => /^\.\/(src|test)\//.test(file) || file.endsWith('.map'))).toEqual([]);
  });
});

describe('a browser app that installs quire alone', () => {
  const app = join(scratch, 'browser-app');
  beforeAll(() => installInto(app, [packed.quire!]), 180_000);

  it('gets the editor in under 10 MB and under 20 packages, with no server, PDF or database code', () => {
    const size = measureInstall(app);
    expect(size.bytes).toBeLessThan(10 * 1024 * 1024);
    expect(size.packages).toBeLessThan(20);
    const installed = run('npm', ['ls', '--all', '--parseable'], app);
    for (const heavy of ['pdfkit', 'docx', '@electric-sql', 'pg', 'hono', '@fontsource', 'htmlparser2']) expect(installed).not.toContain(`/node_modules/${heavy}`);
  });

  it('exports the browser API and the layers under it to ESM importers and CommonJS callers', () => {
    const names = (entry: string) => `Object.keys(await import('${entry}'))`;
    const esm = JSON.parse(node(app, `console.log(JSON.stringify({ quire: ${names('quire')}, editor: ${names('quire/editor')}, readers: ${names('quire/readers')}, model: ${names('quire/model')}, version: (await import('quire')).version }));`));
    expect(esm.quire).toEqual(expect.arrayContaining(browserNames));
    expect(esm.editor).toContain('Editor');
    expect(esm.readers).toEqual(expect.arrayContaining(['readDocx', 'readHtmlWithParser', 'readMarkdownWithHtmlParser']));
    expect(esm.model).toContain('schema');
    expect(esm.version).toBe(version);
    const cjs = JSON.parse(node(app, `console.log(JSON.stringify(Object.keys(require('quire'))))`, 'commonjs'));
    expect(cjs).toEqual(expect.arrayContaining(browserNames));
  });

  it('reads a DOCX in Node through quire/readers', () => {
    const fixture = join(repositoryRoot, 'test/fixtures/docx/pandoc-headers.docx');
    const text = node(app, `import { readFileSync } from 'node:fs'; import { readDocx } from 'quire/readers';
      const { value } = await readDocx(new Uint8Array(readFileSync(${JSON.stringify(fixture)})));
      console.log(value.textContent.slice(0, 200));`);
    expect(text.trim().length).toBeGreaterThan(20);
  });

  it('type-checks a TypeScript consumer under node16 resolution', () => {
    writeFileSync(join(app, 'consumer.mts'), `import { Editor, openDocument, type OpenedDocument } from 'quire';
      import { readDocx } from 'quire/readers';
      const opened: Promise<OpenedDocument> = openDocument(new Uint8Array(), { licenseKey: 'k', telemetry: { enabled: false } });
      void opened; void Editor; void readDocx;\n`);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['ES2022', 'DOM'] },
      files: ['consumer.mts'],
    }));
    expect(() => run(join(repositoryRoot, 'node_modules/.bin/tsc'), ['-p', '.'], app)).not.toThrow();
  });

  it('runs the script-tag build as a classic script that defines only the global Quire', () => {
    const code = readFileSync(join(app, 'node_modules/quire/dist/quire.min.js'), 'utf8');
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\s*\(|^\s*import\s|^\s*export\s/m);
    const sandbox: Record<string, unknown> = { console };
    runInNewContext(code, sandbox);
    const global = sandbox.Quire as Record<string, unknown>;
    expect(Object.keys(sandbox).sort()).toEqual(['Quire', 'console']);
    for (const name of browserNames) expect(global[name], name).toBeDefined();
  });
});

describe('a Node script that installs @quire/convert without @quire/fonts', () => {
  const app = join(scratch, 'convert-app');
  beforeAll(() => installInto(app, [packed['@quire/convert']!, packed.quire!]), 180_000);

  it('converts Markdown to DOCX with the built-in engine, from ESM and CommonJS', () => {
    const esm = `import { convert } from '@quire/convert';
      const result = await convert(new TextEncoder().encode('# Title'), { from: 'md', to: 'docx', engine: 'builtin' });
      console.log(JSON.stringify({ engine: result.engine, zip: result.bytes[0] === 0x50 && result.bytes[1] === 0x4b }));`;
    expect(JSON.parse(node(app, esm))).toEqual({ engine: 'builtin', zip: true });
    const cjs = `require('@quire/convert').convert(new TextEncoder().encode('# Title'), { from: 'md', to: 'docx', engine: 'builtin' })
      .then((result) => console.log(JSON.stringify({ engine: result.engine, zip: result.bytes[0] === 0x50 && result.bytes[1] === 0x4b })));`;
    expect(JSON.parse(node(app, cjs, 'commonjs'))).toEqual({ engine: 'builtin', zip: true });
  });

  it('fetched no fonts, and says to install @quire/fonts when asked for a PDF', () => {
    expect(run('npm', ['ls', '--all', '--parseable'], app)).not.toContain('@fontsource');
    const script = `import { convert } from '@quire/convert';
      try { await convert(new TextEncoder().encode('# Title'), { from: 'md', to: 'pdf', engine: 'builtin' }); console.log('converted'); }
      catch (error) { console.log(error.message); }`;
    expect(node(app, script)).toMatch(/needs the fonts package @quire\/fonts.*npm install @quire\/fonts/);
  });
});

describe('a server that installs @quire/server', () => {
  const app = join(scratch, 'server-app');
  beforeAll(() => installInto(app, [packed['@quire/server']!, packed['@quire/convert']!, packed['@quire/fonts']!, packed.quire!]), 300_000);

  it('gets the quire command, which prints the version', () => {
    expect(run(join(app, 'node_modules/.bin/quire'), ['--version'], app).trim()).toContain(version);
  });

  it('answers a health check on the embedded store, and writes PDF with the fonts it installed', () => {
    const script = `import { createServer } from '@quire/server';
      const server = await createServer({ env: { QUIRE_DATA_DIR: ${JSON.stringify(join(app, 'data'))} } });
      try {
        const health = await server.fetch(new Request('http://quire.test/v1/health'));
        console.log(JSON.stringify({ health: health.status }));
      } finally { await server.close(); }`;
    expect(JSON.parse(answerLine(node(app, script), '{"health"'))).toEqual({ health: 200 });
    const pdf = `import { convert } from '@quire/convert';
      const result = await convert(new TextEncoder().encode('# Title\\n\\n中文 text'), { from: 'md', to: 'pdf', engine: 'builtin' });
      console.log(JSON.stringify({ pdf: new TextDecoder().decode(result.bytes.subarray(0, 5)), warnings: result.warnings }));`;
    const converted = JSON.parse(node(app, pdf)) as { pdf: string; warnings: string[] };
    expect(converted.pdf).toBe('%PDF-');
    // Noto Sans SC is an optional peer of @quire/fonts: without it, Chinese text is named in a warning.
    expect(converted.warnings.join('\n')).toContain('npm install @expo-google-fonts/noto-sans-sc');
  });
});
