// Every request the editor example page (examples/editor) makes, as Chromium's DevTools protocol
// records them (it also sees CORS preflights and the browser's own favicon request, which
// Playwright's request event does not), while a person opens a DOCX in Calibri with a picture,
// types, downloads and opens a second document. What examples/editor/README.md lists. In both font
// worlds: with only DejaVu and Liberation installed, and with the open stand-ins for Word's fonts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCorsCollector, type CorsCollector } from '../support/cors-collector.js';
import { FONT_WORLDS, repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

const fixtures = join(repositoryRoot, 'test/fixtures/docx');
/** Calibri throughout (Word's default), with a PNG picture. */
const CALIBRI_FIXTURE = 'pandoc-image.docx';
const SECOND_FIXTURE = 'pandoc-block_quotes.docx';
/** The page's own files: its HTML, script and style sheet, and quire.min.js and quire.css. */
const OWN_FILES = ['/examples/editor/index.html', '/examples/editor/app.js', '/examples/editor/example.css', '/packages/quire/dist/quire.min.js', '/packages/quire/dist/quire.css'];
/** Asked for by Chromium itself, once per browser, not by the page: a 404 on this server. */
const FAVICON = '/favicon.ico';
const FONTS = '/packages/quire/dist/fonts/';

interface Request {
  readonly method: string;
  readonly url: URL;
}

describe.each(FONT_WORLDS)('the requests of the editor example page in Chromium %s', (world) => {
  const chromium = useRepositoryInChromium(world);
  let collector: CorsCollector;

  beforeAll(async () => {
    collector = await startCorsCollector();
  });
  afterAll(async () => {
    await collector?.close();
  });

  /**
   * Opens the page with `query`, opens the Calibri fixture, types, downloads, opens a second
   * document and waits for the page's fonts to settle; returns every network request of the page
   * (blob: and data: URLs, the pictures shown from memory, are none), those `until` waits for
   * included, and the page's errors.
   */
  async function useThePage(query: Record<string, string>, until?: (requests: readonly Request[]) => boolean): Promise<{ requests: Request[]; errors: string[] }> {
    const context = await chromium.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const requests: Request[] = [];
    const errors: string[] = [];
    const devtools = await context.newCDPSession(page);
    devtools.on('Network.requestWillBeSent', ({ request }) => void requests.push({ method: request.method, url: new URL(request.url) }));
    await devtools.send('Network.enable');
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?${new URLSearchParams(query)}`);
    const open = async (name: string) => {
      await page.setInputFiles('#file', join(fixtures, name));
      await page.waitForFunction((text) => document.getElementById('status')?.textContent === text, `${name} is open.`);
    };
    await open(CALIBRI_FIXTURE);
    await page.locator('#editor .quire-document :is(p, h1, h2)').first().click();
    await page.keyboard.type(' Typed.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    await download.path();
    await open(SECOND_FIXTURE);
    await page.evaluate(() => document.fonts.ready);
    const network = () => requests.filter(({ url }) => url.protocol === 'http:' || url.protocol === 'https:');
    if (until) await expect.poll(() => until(network())).toBe(true);
    await context.close();
    return { requests: network(), errors };
  }

  const pathsOf = (requests: readonly Request[]) => [...new Set(requests.map(({ url }) => url.pathname))].filter((path) => path !== FAVICON).sort();

  it('requests nothing but its own files with ?telemetry=off&fonts=off', async () => {
    const { requests, errors } = await useThePage({ telemetry: 'off', fonts: 'off' });
    expect(requests.filter(({ url }) => url.origin !== chromium.statics.origin)).toEqual([]);
    expect(requests.every(({ method }) => method === 'GET')).toBe(true);
    expect(pathsOf(requests)).toEqual([...OWN_FILES].sort());
    expect(errors).toEqual([]);
  });

  it('also requests, with ?telemetry=off alone, the font files its pages are laid out with, from next to quire.min.js', async () => {
    const hasCarlito = chromium.fonts!.families.includes('Carlito');
    expect(hasCarlito).toBe(world === 'with open fonts');
    const { requests, errors } = await useThePage({ telemetry: 'off' });
    expect(requests.filter(({ url }) => url.origin !== chromium.statics.origin)).toEqual([]);
    const paths = pathsOf(requests);
    // Pages are set in the files the PDF embeds, Carlito for Calibri, whether or not the computer has Carlito.
    expect(paths.filter((path) => path.startsWith(FONTS))).toEqual(expect.arrayContaining([`${FONTS}carlito-latin-400-normal.woff2`]));
    expect(paths.filter((path) => !path.startsWith(FONTS))).toEqual([...OWN_FILES].sort());
    expect(errors).toEqual([]);
  });

  it('sends, by default, one usage report per opened document to the collector, after a CORS preflight', async () => {
    const reports = (requests: readonly Request[]) => requests.filter(({ method, url }) => method === 'POST' && url.href === collector.url);
    // A report leaves once its document is on screen, without holding it up: wait for the second.
    const { requests, errors } = await useThePage({ collector: collector.url }, (sent) => reports(sent).length === 2);
    const elsewhere = requests.filter(({ url }) => url.origin !== chromium.statics.origin).map(({ method, url }) => `${method} ${url.href}`);
    // The preflight is cached for the 2 hours the collector allows (Chromium's cap).
    expect(elsewhere).toEqual([`OPTIONS ${collector.url}`, `POST ${collector.url}`, `POST ${collector.url}`]);
    expect(pathsOf(requests.filter(({ url }) => url.origin === chromium.statics.origin)).filter((path) => !path.startsWith(FONTS))).toEqual([...OWN_FILES].sort());
    expect(errors).toEqual([]);
  });
});
