// Every example with a build step, built as a user of the published package builds it: a copy of
// the example outside the repository, the packed `quire` tarball installed in place of its
// `file:` dependency (nothing resolves from the repository's node_modules), its own `npm run build`,
// then the built site served on loopback and used in Chromium. Today that is examples/vite alone:
// editor, script-tag and own-endpoint load dist/quire.min.js as it is and have no package.json.
// Needs the built packages/quire/dist (`npm test` builds first).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCorsCollector, type CorsCollector } from '../support/cors-collector.js';
import { documentText } from '../support/fixture-files.js';
import { packWorkspace, repositoryRoot, run } from '../support/packed-workspace.js';
import { createFontEnvironment, launchChromium, serveFolder, type FontEnvironment, type StaticServer } from '../e2e/browser-harness.js';

const examplesDir = join(repositoryRoot, 'examples');
/** Word file with body text in Cambria and bold Calibri, nine paragraphs in quote styles. */
const FIXTURE = join(repositoryRoot, 'test/fixtures/docx/pandoc-block_quotes.docx');
const LICENSE_KEY = 'quire-vite-build-key';

/** The examples whose package.json has a `build` script. */
function examplesWithBuild(): string[] {
  return readdirSync(examplesDir).filter((name) => {
    try {
      const manifest = JSON.parse(readFileSync(join(examplesDir, name, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
      return manifest.scripts?.['build'] !== undefined;
    } catch {
      return false;
    }
  });
}

it('builds every example that has a build step (examples/vite alone; a new one needs its test here)', () => {
  expect(examplesWithBuild()).toEqual(['vite']);
});

describe('examples/vite built from the packed quire', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-example-vite-'));
  const app = join(scratch, 'vite');
  let fonts: FontEnvironment;
  let collector: CorsCollector;
  let site: StaticServer;
  let browser: Browser;
  let buildLog = '';

  beforeAll(async () => {
    collector = await startCorsCollector();
    const { quire } = packWorkspace(join(scratch, 'tarballs'), ['quire']);
    // The example as a user copies it, without what a local run left (node_modules, dist, the fonts copy).
    cpSync(join(examplesDir, 'vite'), app, {
      recursive: true,
      filter: (source) => !/^(node_modules|dist|public)(\/|$)/.test(relative(join(examplesDir, 'vite'), source)),
    });
    // The `file:` dependency on packages/quire becomes the tarball; Vite is the repository's own
    // version, which npm's cache holds since `npm ci`.
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    manifest.dependencies['quire'] = `file:${quire}`;
    manifest.devDependencies['vite'] = (JSON.parse(readFileSync(join(repositoryRoot, 'node_modules/vite/package.json'), 'utf8')) as { version: string }).version;
    writeFileSync(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);
    // As the README says: `npm run build` copies the fonts (prebuild), then `vite build`.
    const build = spawnSync('npm', ['run', 'build'], { cwd: app, encoding: 'utf8', env: { ...process.env, VITE_QUIRE_COLLECTOR: collector.url, VITE_QUIRE_LICENSE_KEY: LICENSE_KEY } });
    if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
    buildLog = `${build.stdout}${build.stderr}`;
    site = await serveFolder(join(app, 'dist'));
    // Chromium sees DejaVu and Liberation only, so the document's Cambria and Calibri come as web fonts.
    fonts = await createFontEnvironment('without open fonts');
    browser = await launchChromium([], fonts.env);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await collector?.close();
    await fonts?.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('builds without a warning from Vite about the package', () => {
    expect(buildLog).toMatch(/built in/);
    expect(buildLog).not.toMatch(/doesn't exist at build time|\(!\)|warning/i);
  });

  it('installed quire from the tarball, not from the repository', () => {
    expect(run('npm', ['ls', 'quire', '--parseable'], app).trim()).toBe(join(app, 'node_modules/quire'));
  });

  it('shows a DOCX chosen on the built page, loads its fonts from the copied quire-fonts/, reports it, and downloads a DOCX with the edit', async () => {
    expect(fonts.families.filter((family) => /cambria|caladea|calibri|carlito/i.test(family))).toEqual([]);
    const context = await browser.newContext({ acceptDownloads: true });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    const fontFiles: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Chromium logs each failed load itself (the favicon's 404 too, which it asks for on its own):
    // failed loads of the page are its responses >= 400 instead.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.woff2')) fontFiles.push(`${response.status()} ${path}`);
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.origin}/index.html`);

    await page.setInputFiles('#file', FIXTURE);
    await page.waitForFunction(() => /^[0-9a-f]{64}$/.test(document.getElementById('documentId')?.textContent ?? ''));
    // Every paragraph's text: `innerText` leaves out paragraphs skipped while off screen (`content-visibility: auto`).
    const text = (await page.locator('#editor .quire-document :is(p, h1, h2, h3, h4, h5, h6)').allTextContents()).join('\n');
    expect(text).toContain('Some block quotes, in different ways');
    expect(text).toContain('This is called the Intense Quote style.');

    await page.locator('#editor .quire-document p', { hasText: 'This is called the Intense Quote style.' }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Built with Vite.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe('pandoc-block_quotes.docx');
    const saved = join(scratch, 'downloaded.docx');
    await download.saveAs(saved);
    const exported = documentText(new Uint8Array(await readFile(saved)));
    expect(exported).toContain('Some block quotes, in different ways');
    expect(exported).toContain('Built with Vite.');

    await page.evaluate(() => document.fonts.ready);
    expect(fontFiles).toContain('200 /quire-fonts/caladea-latin-400-normal.woff2');
    expect(fontFiles.filter((font) => !/^200 \/quire-fonts\/[a-z]+-latin-\d00-(normal|italic)\.woff2$/.test(font))).toEqual([]);
    // VITE_QUIRE_COLLECTOR and VITE_QUIRE_LICENSE_KEY were built in.
    await expect.poll(() => collector.requests.filter(({ method }) => method === 'POST').length).toBe(1);
    const report = collector.requests.find(({ method }) => method === 'POST')!;
    expect(report.headers['x-license-key']).toBe(LICENSE_KEY);
    expect(JSON.parse(report.body)).toMatchObject({ events: [{ documentId: await page.textContent('#documentId') }] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
