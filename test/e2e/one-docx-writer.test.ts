// Every Markdown and HTML fixture converted to DOCX by the server (POST /v1/convert, the built-in
// engine) and opened in the editor in Chromium and downloaded: one writer makes both, so the
// document, its styles and its numbering are the same file.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConvertHarness, type ConvertHarness } from '../../packages/server/test/routes/convert-harness.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage } from './example-page.js';

const COMPARED = ['word/document.xml', 'word/styles.xml', 'word/numbering.xml'] as const;
const FOLDERS = { md: 'test/fixtures/markdown', html: 'test/fixtures/html' } as const;

async function fixtures(): Promise<{ format: 'md' | 'html'; path: string; name: string }[]> {
  const found: { format: 'md' | 'html'; path: string; name: string }[] = [];
  for (const [format, folder] of Object.entries(FOLDERS) as ['md' | 'html', string][]) {
    for (const name of (await readdir(join(repositoryRoot, folder))).sort()) {
      if (name.endsWith(`.${format}`)) found.push({ format, path: join(repositoryRoot, folder, name), name });
    }
  }
  return found;
}

const CASES = await fixtures();

describe('one DOCX writer for the server and the editor', () => {
  const chromium = useRepositoryInChromium();
  let server: ConvertHarness;
  let downloads: string;

  beforeAll(async () => {
    server = await startConvertHarness('pglite');
    downloads = await mkdtemp(join(tmpdir(), 'quire-one-writer-'));
  });
  afterAll(async () => {
    await server?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('has Markdown and HTML fixtures to compare', () => {
    expect(CASES.filter((testCase) => testCase.format === 'md').length).toBeGreaterThan(0);
    expect(CASES.filter((testCase) => testCase.format === 'html').length).toBeGreaterThan(0);
  });

  for (const { format, path, name } of CASES) {
    it(`writes the same document, styles and numbering for ${name} converted on the server and exported from the editor`, async () => {
      const response = await server.convert(`from=${format}&to=docx`, [{ name: 'file', fileName: name, content: new Uint8Array(await readFile(path)) }]);
      expect(response.status).toBe(200);
      const converted = unzipSync(new Uint8Array(await response.arrayBuffer()));

      const context = await chromium.browser.newContext({ acceptDownloads: true });
      try {
        const page = await context.newPage();
        await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&fonts=off`);
        expect(await chooseOnExamplePage(page, path)).toBe(`${name} is open.`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
        const saved = join(downloads, `${name}.docx`);
        await download.saveAs(saved);
        const exported = unzipSync(new Uint8Array(await readFile(saved)));

        expect(strFromU8(converted['word/document.xml']!)).toContain('<w:body>');
        for (const part of COMPARED) {
          const text = (parts: Record<string, Uint8Array>) => (parts[part] ? strFromU8(parts[part]) : undefined);
          expect(text(exported), `${part} of ${name}`).toBe(text(converted));
        }
      } finally {
        await context.close();
      }
    });
  }
});
