// Runs LibreOffice and pdftotext for tests: one soffice call converts a whole batch, with its own
// throwaway profile so it never touches (or waits for) a user's running LibreOffice.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const CANDIDATES = [
  '/usr/bin/soffice',
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
  'C:\\Program Files\\LibreOffice\\program\\soffice.exe',
];

/**
 * Returns the path of `soffice`: `$SOFFICE_PATH`, then `soffice` or `libreoffice` on PATH, then
 * the usual install locations. Throws with install instructions when LibreOffice is missing.
 */
export function findSoffice(): string {
  const fromEnv = process.env.SOFFICE_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['soffice', 'libreoffice', 'soffice.exe']) {
      if (dir && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'LibreOffice (soffice) is required by this test but was not found. Install it ' +
      '(Debian/Ubuntu: apt-get install libreoffice-writer; macOS: brew install --cask libreoffice) ' +
      'or set SOFFICE_PATH to the soffice binary.',
  );
}

/** A LibreOffice output format: PDF, or DOCX written by the "MS Word 2007 XML" filter. */
export type LibreOfficeTarget = 'pdf' | 'docx';

/**
 * Converts every file of `inputs` (name → bytes; names must be unique and end in `.docx`) with
 * one soffice call and returns the outputs by input name. soffice exits 0 even when a conversion
 * fails, so a missing or empty output throws with soffice's output.
 */
export async function convertWithLibreOffice(
  inputs: ReadonlyMap<string, Uint8Array>,
  target: LibreOfficeTarget,
): Promise<Map<string, Uint8Array>> {
  const soffice = findSoffice();
  const work = await mkdtemp(join(tmpdir(), 'quire-lo-'));
  try {
    const inDir = join(work, 'in');
    const outDir = join(work, 'out');
    await mkdir(inDir);
    await mkdir(outDir);
    const paths: string[] = [];
    for (const [name, bytes] of inputs) {
      const path = join(inDir, name);
      await writeFile(path, bytes);
      paths.push(path);
    }
    const filter = target === 'pdf' ? 'pdf' : 'docx:MS Word 2007 XML';
    const { stdout, stderr } = await run(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        filter,
        '--outdir',
        outDir,
        ...paths,
      ],
      { timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const outputs = new Map<string, Uint8Array>();
    for (const name of inputs.keys()) {
      const outPath = join(outDir, name.replace(/\.docx$/i, `.${target}`));
      const bytes = existsSync(outPath) ? new Uint8Array(await readFile(outPath)) : new Uint8Array(0);
      if (bytes.length === 0) {
        throw new Error(`LibreOffice did not convert ${name} to ${target}.\nstdout: ${stdout}\nstderr: ${stderr}`);
      }
      outputs.set(name, bytes);
    }
    return outputs;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Returns the text of a PDF as `pdftotext` (poppler-utils) extracts it; throws when pdftotext is missing. */
export async function pdfToText(pdf: Uint8Array): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'quire-pdf-'));
  try {
    const path = join(work, 'in.pdf');
    await writeFile(path, pdf);
    try {
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error('pdftotext is required by this test but was not found; install poppler-utils.', { cause: error });
      }
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
