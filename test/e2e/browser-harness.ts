// What the Chromium tests and the editor bench share: a static server for the repository and the
// Debian Chromium launched headless.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeOpenFontFiles } from '../../fidelity/writer-fonts.js';

/** The repository root, which {@link serveRepository} serves. */
export const repositoryRoot = resolve(import.meta.dirname, '../..');

/** Flags for a quiet, reproducible headless Chromium that contacts no Google service. */
export const chromiumArgs: readonly string[] = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A static HTTP server on 127.0.0.1 with the port it was given. */
export interface StaticServer {
  readonly port: number;
  /** `http://127.0.0.1:port`, without a trailing slash. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves the repository read-only (examples, dist, fixtures, node_modules) on a free port of
 * 127.0.0.1, like any static host would. `headers` are added to every HTML answer (for example a
 * Content-Security-Policy).
 */
export function serveRepository(headers: Record<string, string> = {}): Promise<StaticServer> {
  return serveFolder(repositoryRoot, headers);
}

/** Serves the folder `root` read-only on a free port of 127.0.0.1, as {@link serveRepository} serves the repository. */
export function serveFolder(root: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = resolve(root, `.${decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)}`);
    if (!path.startsWith(root)) return void response.writeHead(403).end();
    readFile(path).then(
      (body) => {
        const type = contentTypes[extname(path)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type, ...(type.startsWith('text/html') ? headers : {}) }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const port = (server.address() as AddressInfo).port;
    done({
      port,
      origin: `http://127.0.0.1:${port}`,
      close: () => new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
    });
  }));
}

/** Launches /usr/bin/chromium headless with {@link chromiumArgs} plus `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = [], env?: Readonly<Record<string, string>>): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs], ...(env ? { env: { ...process.env, ...env } } : {}) });
}

/**
 * Which fonts Chromium finds installed. `without open fonts`: DejaVu and Liberation only (what
 * .ci/run installs), hiding any other font of this computer. `with open fonts`: those and the
 * metric-compatible open fonts a Linux desktop with LibreOffice usually has (Carlito, Caladea and
 * the others of @quire/fonts' dependencies, as Debian's fonts-crosextra-* give them), with the
 * system's fontconfig rules, which send Calibri to Carlito and Cambria to Caladea.
 */
export type FontWorld = 'without open fonts' | 'with open fonts';

/** Both {@link FontWorld}s, for `describe.each`: a test whose outcome depends on installed fonts runs in each. */
export const FONT_WORLDS: readonly FontWorld[] = ['without open fonts', 'with open fonts'];

/** A fontconfig set-up of one {@link FontWorld}, made by {@link createFontEnvironment}. */
export interface FontEnvironment {
  readonly world: FontWorld;
  /** Environment to launch Chromium with (`launchChromium(args, env)`): `FONTCONFIG_FILE`. */
  readonly env: Readonly<Record<string, string>>;
  /** The font families fontconfig lists there (fc-list), for tests to check what they assume. */
  readonly families: readonly string[];
  /** Removes the configuration, its fonts and its cache. */
  dispose(): Promise<void>;
}

const SYSTEM_FONT_DIRECTORIES = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation2'];

/**
 * Writes a fontconfig configuration for `world` in a temporary folder: the system's rules
 * (/etc/fonts/fonts.conf), its font folders replaced (`<reset-dirs/>`) by those of the world.
 * The same test then sees the same fonts on every machine, whatever is installed there.
 */
export async function createFontEnvironment(world: FontWorld): Promise<FontEnvironment> {
  const work = await mkdtemp(join(tmpdir(), 'quire-font-world-'));
  const directories = [...SYSTEM_FONT_DIRECTORIES];
  if (world === 'with open fonts') {
    await writeOpenFontFiles(join(work, 'fonts'));
    directories.push(join(work, 'fonts'));
  }
  // The cache folder first: fontconfig writes to the first writable one, not the system's.
  const config =
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>${join(work, 'cache')}</cachedir>` +
    `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><reset-dirs/>${directories.map((directory) => `<dir>${directory}</dir>`).join('')}</fontconfig>`;
  const file = join(work, 'fonts.conf');
  await writeFile(file, config);
  const env = { FONTCONFIG_FILE: file };
  const listed = execFileSync('fc-list', ['--format', '%{family}\n'], { encoding: 'utf8', env: { ...process.env, ...env } });
  const families = [...new Set(listed.split('\n').flatMap((line) => line.split(',')).filter(Boolean))].sort();
  return { world, env, families, dispose: () => rm(work, { recursive: true, force: true }) };
}

/**
 * Resolves once `page` can draw `family` in its own letters: installed on the computer (found by a
 * `local()` face, which fetches nothing), or else added by the page as a web font that has loaded
 * (or failed to, leaving the fallback). For pages such as the editor's, which add an open font
 * only where it is not installed.
 */
export async function waitForFontFamily(page: Page, family: string, options: { timeout?: number } = {}): Promise<void> {
  // local() matches a full or PostScript name: Debian's Carlito calls its regular face "Carlito", Google's "Carlito Regular".
  const sources = [family, `${family} Regular`, `${family}-Regular`].map((name) => `local("${name}")`).join(', ');
  const installed = await page.evaluate((source) => new FontFace('quire-test-probe', source).load().then(() => true, () => false), sources);
  if (installed) return;
  await page.waitForFunction(
    (name) => document.fonts.status === 'loaded' && [...document.fonts].some((face) => face.family === name && (face.status === 'loaded' || face.status === 'error')),
    family,
    options,
  );
}
