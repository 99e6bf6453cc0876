import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines } from '../../../convert/src/create-engines.js';
import type { ConversionEngine } from '../../../convert/src/engine.js';
import { createConvertCommand, type ConvertCommandOptions } from '../../src/cli/convert.js';
import { runCli } from '../../src/cli/run-cli.js';
import { readDocx } from '../../../quire/src/readers/docx/read-docx.js';
import { docxText } from '../../../../test/support/inspect-output.js';
import { pageSizes, pdfText } from '../../../../test/support/pdf-tools.js';
import { recordingIo } from './cli-harness.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');
const headersDocx = join(root, 'test/fixtures/docx/pandoc-headers.docx');
const builtCli = join(root, 'packages/server/dist/esm/cli.js');

const markdown = '# Quarterly report\n\nRevenue grew in *every* region.\n';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'quire-convert-cli-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Makes a fresh folder inside the test's work folder holding `files` (name to content, or a path to copy). */
async function folderWith(name: string, files: Record<string, string | { copyOf: string }>): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    if (typeof content === 'string') await writeFile(join(dir, file), content);
    else await copyFile(content.copyOf, join(dir, file));
  }
  return dir;
}

/** The lines of a DOCX's body text, without blanks, as the expected text of its conversions. */
async function bodyLines(docx: string): Promise<string[]> {
  return docxText(await readFile(docx)).split('\n').map((line) => line.trim()).filter(Boolean);
}

/**
 * A stand-in for the built-in engine that records how many conversions ran at once and whether it
 * was closed; each conversion ends when `release` is called (or at once when `release` is absent).
 */
function recordingEngine(settle?: (finish: () => void, signal: AbortSignal | undefined) => void, options: ConvertCommandOptions = {}) {
  const state = { running: 0, mostAtOnce: 0, closed: false };
  const engine: ConversionEngine = {
    name: 'builtin',
    supports: () => true,
    async convert(_input, request) {
      state.running++;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      try {
        await new Promise<void>((done) => (settle ? settle(done, request.signal) : setTimeout(done, 50)));
        request.signal?.throwIfAborted();
        return { bytes: new TextEncoder().encode('%PDF-1.7 stand-in'), contentType: 'application/pdf', warnings: [] };
      } finally {
        state.running--;
      }
    },
    close: async () => {
      state.closed = true;
    },
  };
  const command = createConvertCommand({
    isInteractive: () => false,
    ...options,
    createEngines: (settings) => createEngines({ ...settings, builtin: false, libreoffice: false, engines: [engine] }),
  });
  return { state, command };
}

const squash = (text: string): string => text.replace(/\s+/g, ' ');

describe('quire convert', () => {
  it('converts a Markdown file to a DOCX that the DOCX reader opens with the text', async () => {
    const dir = await folderWith('md-to-docx', { 'report.md': markdown });
    const io = recordingIo();

    expect(await runCli(['convert', join(dir, 'report.md'), join(dir, 'report.docx')], io)).toBe(0);

    const read = await readDocx(await readFile(join(dir, 'report.docx')));
    expect(read.value.textContent).toContain('Quarterly report');
    expect(read.value.textContent).toContain('Revenue grew in every region.');
    expect(io.out.join('')).toBe(`${join(dir, 'report.md')} -> ${join(dir, 'report.docx')} (builtin)\n`);
  });

  it('converts a DOCX file to a PDF in which pdftotext finds the text', async () => {
    const dir = await folderWith('docx-to-pdf', { 'headers.docx': { copyOf: headersDocx } });

    expect(await runCli(['convert', join(dir, 'headers.docx'), join(dir, 'headers.pdf')], recordingIo())).toBe(0);

    const pdf = await readFile(join(dir, 'headers.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squash(pdfText(pdf));
    for (const line of (await bodyLines(headersDocx)).slice(0, 4)) expect(text).toContain(squash(line));
  });

  it('prints a DOCX\'s tracked changes as --markup says: as if accepted by default, marked with all, as if rejected with original', async () => {
    const dir = await folderWith('markup', { 'tracked.docx': { copyOf: join(root, 'test/fixtures/docx/superdoc-msword-tracked-changes.docx') } });
    const textAfter = async (args: string[]) => {
      expect(await runCli(['convert', join(dir, 'tracked.docx'), join(dir, 'tracked.pdf'), ...args], recordingIo())).toBe(0);
      return squash(pdfText(await readFile(join(dir, 'tracked.pdf'))));
    };
    expect(await textAfter([])).not.toContain('Delete me');
    expect(await textAfter(['--markup', 'all'])).toContain('basic cool');
    const original = await textAfter(['--markup', 'original']);
    expect(original).toContain('Delete me');
    expect(original).not.toContain('New text');
  });

  it('lays PDF pages out on the paper of --locale, else of LC_ALL, LC_PAPER or LANG, else A4', async () => {
    const dir = await folderWith('locale', { 'memo.md': '# Memo\n' });
    const sizeAfter = async (args: string[], env: Record<string, string> = {}) => {
      expect(await runCli(['convert', join(dir, 'memo.md'), join(dir, 'memo.pdf'), ...args], recordingIo(env))).toBe(0);
      return pageSizes(await readFile(join(dir, 'memo.pdf')))[0];
    };
    const letter = { width: 612, height: 792 };
    const a4 = { width: 595, height: 842 };

    expect(await sizeAfter(['--locale', 'en-US'])).toEqual(letter);
    expect(await sizeAfter([], { LANG: 'en_US.UTF-8' })).toEqual(letter);
    expect(await sizeAfter(['--locale', 'de-DE'], { LANG: 'en_US.UTF-8' })).toEqual(a4);
    expect(await sizeAfter([], { LANG: 'C.UTF-8' })).toEqual(a4);
  });

  it('writes each of several inputs to --out-dir as <name>.<to>, creating the folder', async () => {
    const dir = await folderWith('several', { 'a.md': '# Alpha\n', 'b.markdown': '# Bravo\n', 'c.html': '<h1>Charlie</h1>' });
    const out = join(dir, 'out', 'docx');
    const io = recordingIo();

    const code = await runCli(['convert', join(dir, 'a.md'), join(dir, 'b.markdown'), join(dir, 'c.html'), '--out-dir', out, '--to', 'docx'], io);

    expect(code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['a.docx', 'b.docx', 'c.docx']);
    for (const [file, text] of [['a.docx', 'Alpha'], ['b.docx', 'Bravo'], ['c.docx', 'Charlie']] as const) {
      expect((await readDocx(await readFile(join(out, file)))).value.textContent).toBe(text);
    }
    expect(io.err.join('')).toBe('3 of 3 files converted\n');
  });

  it('exits 1 when a file fails, naming it with the error code, and still writes the others', async () => {
    const dir = await folderWith('one-bad', { 'good.md': '# Good\n', 'empty.md': '', 'fake.docx': 'not a zip', 'also-good.html': '<p>Fine</p>' });
    const out = join(dir, 'out');
    const io = recordingIo();
    const inputs = ['good.md', 'empty.md', 'fake.docx', 'missing.md', 'also-good.html'].map((file) => join(dir, file));

    expect(await runCli(['convert', ...inputs, '--out-dir', out], io)).toBe(1);

    expect((await readdir(out)).sort()).toEqual(['also-good.pdf', 'good.pdf']);
    const err = io.err.join('');
    expect(err).toContain(`${join(dir, 'empty.md')}: CONVERT_INPUT_INVALID: The input is empty.`);
    expect(err).toMatch(new RegExp(`${escape(join(dir, 'fake.docx'))}: CONVERT_INPUT_INVALID: .+`));
    expect(err).toContain(`${join(dir, 'missing.md')}: cannot read it: no such file or directory`);
    expect(err).toContain('2 of 5 files converted, 3 failed');
  });

  it('exits 2 with a clear message on an unknown extension, a wrong argument count or a bad option value', async () => {
    const dir = await folderWith('usage', { 'notes.rtf': '{\\rtf1}', 'a.md': '# A\n' });
    const cases: [string[], string][] = [
      [[join(dir, 'notes.rtf'), join(dir, 'notes.pdf')], 'cannot tell the format of'],
      [[join(dir, 'a.md'), join(dir, 'a.odt')], `cannot tell the output format of "${join(dir, 'a.odt')}": it must end in .pdf or .docx`],
      [[join(dir, 'a.md')], 'expected an input and an output file'],
      [[join(dir, 'a.md'), join(dir, 'a.md'), join(dir, 'b.pdf')], 'use --out-dir DIR'],
      [[join(dir, 'a.md'), join(dir, 'a.pdf'), '--to', 'docx'], '--to docx contradicts the output file'],
      [[join(dir, 'a.md'), '--out-dir', dir, '--to', 'odt'], '--to: expected pdf or docx, got "odt"'],
      [[join(dir, 'a.md'), join(dir, 'a.pdf'), '--engine', 'pandoc'], '--engine: expected builtin, libreoffice, gotenberg or auto'],
      [[join(dir, 'a.md'), join(dir, 'x', 'a.md'), '--out-dir', join(dir, 'out')], 'would both be written to'],
      [[join(dir, 'a.md'), join(dir, 'a.pdf'), '--locale', 'en_US.UTF-8'], '--locale: expected a BCP 47 language tag'],
      [[join(dir, 'a.md'), join(dir, 'a.pdf'), '--markup', 'simple'], '--markup: expected none, all or original, got "simple"'],
    ];
    for (const [args, message] of cases) {
      const io = recordingIo();
      expect(await runCli(['convert', ...args], io), args.join(' ')).toBe(2);
      expect(io.err.join('')).toMatch(/^quire convert: /);
      expect(io.err.join('')).toContain(message);
    }
    expect((await readdir(dir)).sort()).toEqual(['a.md', 'notes.rtf']);
  });

  it('refuses to overwrite an input, also when --out-dir is its own folder', async () => {
    const dir = await folderWith('overwrite', { 'keep.docx': { copyOf: headersDocx } });
    const before = await readFile(join(dir, 'keep.docx'));

    const same = recordingIo();
    expect(await runCli(['convert', join(dir, 'keep.docx'), join(dir, 'keep.docx')], same)).toBe(2);
    const intoOwnFolder = recordingIo();
    expect(await runCli(['convert', join(dir, 'keep.docx'), '--out-dir', dir, '--to', 'docx'], intoOwnFolder)).toBe(2);

    expect(same.err.join('')).toContain(`refusing to overwrite the input "${join(dir, 'keep.docx')}"`);
    expect(intoOwnFolder.err.join('')).toContain('refusing to overwrite the input');
    expect(await readFile(join(dir, 'keep.docx'))).toEqual(before);
  });

  it('prints one plain line per file, without control characters, when stderr is not a terminal', async () => {
    const dir = await folderWith('plain', { 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' });
    const io = recordingIo();
    const { command } = recordingEngine();

    expect(await command.run([join(dir, 'a.md'), join(dir, 'b.md'), join(dir, 'c.md'), '--out-dir', join(dir, 'out')], io)).toBe(0);

    const lines = io.out.join('').split('\n').filter(Boolean).sort();
    expect(lines).toEqual(['a', 'b', 'c'].map((name) => `${join(dir, `${name}.md`)} -> ${join(dir, 'out', `${name}.pdf`)} (builtin)`));
    const printed = io.out.join('') + io.err.join('');
    expect(printed).not.toContain('\r');
    expect(printed).not.toContain('\x1b');
  });

  it('draws a progress bar of files done, the total and the current file on a terminal, and clears it at the end', async () => {
    const dir = await folderWith('tty', { 'first.md': '# 1\n', 'second.md': '# 2\n' });
    const io = recordingIo();
    const { command } = recordingEngine(undefined, { isInteractive: () => true, columns: () => 200, cpus: () => 1 });

    expect(await command.run([join(dir, 'first.md'), join(dir, 'second.md'), '--out-dir', join(dir, 'out')], io)).toBe(0);

    const err = io.err.join('');
    expect(err).toContain(`\r\x1b[K[--------------------] 0/2 ${join(dir, 'first.md')}`);
    expect(err).toContain(`\r\x1b[K[##########----------] 1/2 ${join(dir, 'second.md')}`);
    expect(err.endsWith('\r\x1b[K2 of 2 files converted\n')).toBe(true);
    expect(io.out.join('').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('prints each warning on stderr after the file name, such as Gotenberg\'s DOCX output run locally', async () => {
    const dir = await folderWith('warning', { 'a.md': '# A\n' });
    const io = recordingIo();
    const { command } = recordingEngine();

    expect(await command.run([join(dir, 'a.md'), join(dir, 'a.docx'), '--engine', 'gotenberg'], io)).toBe(0);

    expect(io.out.join('')).toBe(`${join(dir, 'a.md')} -> ${join(dir, 'a.docx')} (builtin)\n`);
    expect(io.err.join('')).toMatch(new RegExp(`^${escape(join(dir, 'a.md'))}: warning: Gotenberg does not write docx.*\n$`));
  });

  it('runs as many conversions at once as --jobs allows, and closes the engines at the end', async () => {
    const dir = await folderWith('jobs', Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`f${i}.md`, `# ${i}\n`])));
    const { state, command } = recordingEngine();
    const inputs = Array.from({ length: 7 }, (_, i) => join(dir, `f${i}.md`));

    expect(await command.run([...inputs, '--out-dir', join(dir, 'out'), '--jobs', '3'], recordingIo())).toBe(0);

    expect(state.mostAtOnce).toBe(3);
    expect(state.closed).toBe(true);
    expect(await readdir(join(dir, 'out'))).toHaveLength(7);
  });

  it('stops on SIGINT: cancels running conversions, writes nothing more, closes the engines and exits 130', async () => {
    const dir = await folderWith('interrupt', { 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' });
    const io = recordingIo();
    const { state, command } = recordingEngine((finish, signal) => {
      signal?.addEventListener('abort', finish);
      io.signal('SIGINT');
    });

    const code = await command.run([join(dir, 'a.md'), join(dir, 'b.md'), join(dir, 'c.md'), '--out-dir', join(dir, 'out'), '--jobs', '1'], io);

    expect(code).toBe(130);
    expect(io.err.join('')).toContain('quire convert: interrupted; 0 of 3 files written');
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(state.closed).toBe(true);
  });

  it('runs as the built CLI, converting a file and exiting once its engines are closed', async () => {
    if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing; run \`npm run build\` first (npm test does).`);
    const dir = await folderWith('built', { 'memo.md': markdown, 'headers.docx': { copyOf: headersDocx } });
    const env = { PATH: process.env.PATH };

    const builtin = await run(process.execPath, [builtCli, 'convert', join(dir, 'memo.md'), join(dir, 'memo.pdf')], { env, timeout: 60_000 });
    const office = await run(process.execPath, [builtCli, 'convert', join(dir, 'headers.docx'), join(dir, 'headers.pdf'), '--engine', 'libreoffice'], {
      env,
      timeout: 90_000,
    });

    expect(builtin.stdout).toBe(`${join(dir, 'memo.md')} -> ${join(dir, 'memo.pdf')} (builtin)\n`);
    expect(office.stdout).toBe(`${join(dir, 'headers.docx')} -> ${join(dir, 'headers.pdf')} (libreoffice)\n`);
    expect(squash(pdfText(await readFile(join(dir, 'memo.pdf'))))).toContain('Revenue grew in every region.');
    expect(squash(pdfText(await readFile(join(dir, 'headers.pdf'))))).toContain((await bodyLines(headersDocx))[0]);
  }, 150_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
