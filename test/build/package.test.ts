// The published package as users install it: the tarball `npm pack` makes from the built dist/
// (`npm test` builds first), checked with publint and imported through every entry point.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
// Inside the repository, so that the installed copy resolves its dependencies from our node_modules.
const consumer = join(root, '.pack-test');
const installed = join(consumer, 'node_modules/quire');
const publicNames = ['openDocument', 'identifyDocument', 'writeDocumentMetadata', 'createTelemetry', 'DocumentError', 'QuireOptionsError', 'version'];

function run(command: string, args: string[], cwd = consumer): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', consumer], root)) as [{ filename: string }];
  run('tar', ['-xzf', join(consumer, packed.filename), '-C', installed, '--strip-components=1']);
}, 120_000);

afterAll(() => rmSync(consumer, { recursive: true, force: true }));

describe('the packed package', () => {
  it('passes publint in strict mode', async () => {
    const { messages } = await publint({ pkgDir: installed, strict: true, level: 'suggestion' });
    expect(messages.map((m) => `${m.type}: ${m.code} ${JSON.stringify(m.args)}`)).toEqual([]);
  });

  it('ships the builds, the licence and no sources or tests', () => {
    const files = run('find', ['.', '-type', 'f'], installed).split('\n').filter(Boolean);
    expect(files).toEqual(expect.arrayContaining(['./dist/quire.min.js', './dist/esm/index.js', './dist/cjs/index.cjs', './dist/esm/index.d.ts', './dist/cjs/index.d.cts', './LICENSE', './README.md']));
    expect(files.filter((file) => file.startsWith('./src/') || file.startsWith('./test/'))).toEqual([]);
  });

  it('exports the public API to ESM importers', () => {
    const script = `import * as quire from 'quire'; import * as server from 'quire/server'; import * as convert from 'quire/convert';
      console.log(JSON.stringify({ quire: Object.keys(quire), server: Object.keys(server), convert: Object.keys(convert), version: quire.version }));`;
    const result = JSON.parse(run('node', ['--input-type=module', '-e', script]));
    expect(result.quire).toEqual(expect.arrayContaining(publicNames));
    expect(result.server).toContain('createServer');
    expect(result.convert).toContain('convert');
    expect(result.version).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('exports the same API to CommonJS callers', () => {
    const script = `const quire = require('quire'); const server = require('quire/server'); const convert = require('quire/convert');
      console.log(JSON.stringify({ quire: Object.keys(quire), server: Object.keys(server), convert: Object.keys(convert) }));`;
    const result = JSON.parse(run('node', ['-e', script]));
    expect(result.quire).toEqual(expect.arrayContaining(publicNames));
    expect(result.server).toContain('createServer');
    expect(result.convert).toContain('convert');
  });

  it('converts Markdown to DOCX with the built-in engine, whose worker file ships in the package', () => {
    const esm = `import { convert } from 'quire/convert';
      const result = await convert(new TextEncoder().encode('# Title'), { from: 'md', to: 'docx', engine: 'builtin' });
      console.log(JSON.stringify({ engine: result.engine, zip: result.bytes[0] === 0x50 && result.bytes[1] === 0x4b }));`;
    expect(JSON.parse(run('node', ['--input-type=module', '-e', esm]))).toEqual({ engine: 'builtin', zip: true });
    const cjs = `require('quire/convert').convert(new TextEncoder().encode('# Title'), { from: 'md', to: 'docx', engine: 'builtin' })
      .then((result) => console.log(JSON.stringify({ engine: result.engine, zip: result.bytes[0] === 0x50 && result.bytes[1] === 0x4b })));`;
    expect(JSON.parse(run('node', ['-e', cjs]))).toEqual({ engine: 'builtin', zip: true });
  });

  it('type-checks a TypeScript consumer under node16 resolution', () => {
    writeFileSync(join(consumer, 'consumer.mts'), `import { openDocument, type OpenedDocument } from 'quire';
      import { createServer } from 'quire/server';
      import { convert } from 'quire/convert';
      const opened: Promise<OpenedDocument> = openDocument(new Uint8Array(), { licenseKey: 'k', telemetry: { enabled: false } });
      void opened; void createServer; void convert;\n`);
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ['consumer.mts'],
    }));
    expect(() => run(join(root, 'node_modules/.bin/tsc'), ['-p', '.'])).not.toThrow();
  });

  it('runs the script-tag build as a classic script that defines only the global Quire', () => {
    const code = readFileSync(join(installed, 'dist/quire.min.js'), 'utf8');
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\s*\(|^\s*import\s|^\s*export\s/m);
    const sandbox: Record<string, unknown> = { console };
    runInNewContext(code, sandbox);
    const global = sandbox.Quire as Record<string, unknown>;
    expect(Object.keys(sandbox).sort()).toEqual(['Quire', 'console']);
    for (const name of publicNames) expect(global[name], name).toBeDefined();
  });
});
