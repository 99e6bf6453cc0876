import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableRefreshBytes, restrictHtmlResources } from '../../../src/engines/gotenberg/restrict-html-resources.js';
import { startHitCountingServer, type HitCountingServer } from '../../../../../test/support/hit-counting-server.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const META_START = '<meta http-equiv="Content-Security-Policy"';

describe('restrictHtmlResources', () => {
  it('puts the policy right after the doctype', () => {
    const out = decode(restrictHtmlResources(utf8('<!doctype html>\n<html><head><title>t</title></head></html>')));
    expect(out.startsWith(`<!doctype html>${META_START}`)).toBe(true);
    expect(out.endsWith('">\n<html><head><title>t</title></head></html>')).toBe(true);
  });

  it('puts the policy first in a document without a doctype, after a BOM and comments', () => {
    const out = decode(restrictHtmlResources(utf8('\uFEFF<!-- generated -->\n<p>fragment</p>')));
    expect(out.startsWith(`\uFEFF<!-- generated -->\n${META_START}`)).toBe(true);
    expect(out.endsWith('<p>fragment</p>')).toBe(true);
  });

  it('leaves bytes of legacy encodings unchanged', () => {
    const windows1252 = Uint8Array.from([0x3c, 0x70, 0x3e, 0x80, 0x93, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]);
    const out = restrictHtmlResources(windows1252);
    expect(out.subarray(out.length - windows1252.length)).toEqual(windows1252);
  });

  it('disables meta refresh however it is written', () => {
    const out = decode(disableRefreshBytes(utf8(`<META HTTP-EQUIV='Refresh' content="0;url=x"><meta http-equiv=refresh content=1>`)));
    expect(out).not.toMatch(/http-equiv\s*=\s*["']?refresh/i);
    expect(out).toContain('x-quire-disabled-refresh');
  });
});

describe('restrictHtmlResources in Chromium (as Gotenberg renders index.html from a file)', () => {
  let browser: Browser;
  let server: HitCountingServer;
  let scratch: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    server = await startHitCountingServer();
    scratch = await mkdtemp(join(tmpdir(), 'quire-csp-'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function render(html: Uint8Array, name: string): Promise<string> {
    await mkdir(join(scratch, name));
    const path = join(scratch, name, 'index.html');
    await writeFile(path, html);
    const page = await browser.newPage();
    await page.goto(pathToFileURL(path).href, { waitUntil: 'networkidle' });
    const text = await page.innerText('body');
    await page.close();
    return text;
  }

  const page = (base: string) =>
    '<!DOCTYPE html><html><head><link rel="stylesheet" href="' + base + '/style.css">' +
    '<style>@import url("' + base + '/import.css"); @font-face { font-family: f; src: url("' + base + '/font.woff"); } body { font-family: f; background: url("' + base + '/bg.png"); }</style>' +
    '</head><body><p>Visible text</p><img src="' + base + '/img.png"><iframe src="' + base + '/frame.html"></iframe>' +
    '<script>fetch("' + base + '/script-fetch");</script></body></html>';

  it('loads the resources of an unrestricted page (the control)', async () => {
    await render(utf8(page(server.url)), 'control');
    expect(server.hits.length).toBeGreaterThan(2);
    server.hits.length = 0;
  });

  it('loads none of them once restricted, and still shows the text', async () => {
    const text = await render(restrictHtmlResources(utf8(page(server.url))), 'restricted');
    expect(text).toContain('Visible text');
    expect(server.hits).toEqual([]);
  });
});
