// The editor's web fonts in real headless Chromium, through the script-tag example page under a
// strict Content-Security-Policy (`font-src 'self'`), in both font worlds (see FontWorld): where
// Chromium finds neither Calibri nor Carlito, and where Carlito and the other open fonts are
// installed, as on most Linux desktops with LibreOffice. Both have Liberation Serif (Times New
// Roman's metrics).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildDocxEntries, buildZip } from '../support/docx-builder.js';
import { FONT_WORLDS, repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

const fixtures = join(repositoryRoot, 'test/fixtures/docx');
/** Liberation Serif throughout, which this computer has. */
const INSTALLED_FIXTURE = 'superdoc-hummingbird.docx';
const POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'", "img-src 'self' blob: data:", "base-uri 'none'",
].join('; ');

/** Font requests held back, to see the document before its fonts arrive. */
interface HeldRequests {
  readonly routes: Route[];
  released: boolean;
}

/** Lets the held font requests, and those to come, go through. */
async function release(held: HeldRequests): Promise<void> {
  held.released = true;
  for (const route of held.routes.splice(0)) await route.continue();
}

interface FontsPage {
  page: Page;
  /** Paths of the font files requested, in order. */
  fontRequests: string[];
  errors: string[];
}

const PROSE =
  'Word lays this paragraph out in Calibri. Where neither Calibri nor Carlito is installed, the editor loads Carlito, ' +
  'which has the same advance widths, so that its lines break where Word breaks them.';

/** A DOCX in Calibri: a title, a long paragraph, and bold and italic runs. */
function calibriDocument(): { name: string; mimeType: string; buffer: Buffer } {
  const run = (text: string, properties = '') =>
    `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>${properties}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const body = [
    `<w:p>${run('Metric-compatible fonts', '<w:b/><w:sz w:val="40"/>')}</w:p>`,
    `<w:p>${run(PROSE)}</w:p>`,
    `<w:p>${run('Bold text, ', '<w:b/>')}${run('italic text, ', '<w:i/>')}${run('bold italic text.', '<w:b/><w:i/>')}</w:p>`,
    `<w:p>${run(PROSE.repeat(2))}</w:p>`,
  ].join('');
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  const bytes = buildZip(buildDocxEntries().map(([name, content]) => [name, name === 'word/document.xml' ? new TextEncoder().encode(xml) : content]));
  return { name: 'calibri.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from(bytes) };
}

describe.each(FONT_WORLDS)('web fonts in Chromium %s', (world) => {
  const chromium = useRepositoryInChromium(world, { headers: { 'content-security-policy': POLICY } });

  /**
   * Opens the example page, in the `flow` layout unless `pages` is asked for; with `held`, font
   * requests wait there until {@link release}d.
   */
  async function openPage(held?: HeldRequests, layout: 'flow' | 'pages' = 'flow'): Promise<FontsPage> {
    const context = await chromium.browser.newContext({ viewport: { width: 1000, height: 800 } });
    await context.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { violations });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const opened: FontsPage = { page, fontRequests: [], errors: [] };
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\.woff2?$|\/fonts\//.test(path)) opened.fontRequests.push(path);
    });
    page.on('pageerror', (error) => opened.errors.push(error.message));
    // Chromium logs every failed load itself ("Failed to load resource", the favicon's too);
    // anything else logged comes from the page or Quire.
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !message.text().startsWith('Failed to load resource')) opened.errors.push(message.text());
    });
    if (held) await page.route('**/packages/quire/dist/fonts/**', (route) => (held.released ? route.continue() : void held.routes.push(route)));
    await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&layout=${layout}`);
    return opened;
  }

  /** Opens a fixture of test/fixtures/docx, or a file built here, and waits until it is on screen. */
  async function openFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await page.setInputFiles('#file', typeof file === 'string' ? join(fixtures, file) : file);
    const name = typeof file === 'string' ? file : file.name;
    await page.waitForFunction((text) => document.getElementById('status')?.textContent === text, `${name} is open.`);
  }

  /**
   * Saves what the page shows as quire-web-fonts-<name>.png in the temporary folder, through the
   * DevTools protocol: Playwright's own screenshots wait for pending web fonts.
   */
  async function screenshot(page: Page, name: string): Promise<void> {
    const session = await page.context().newCDPSession(page);
    const { data } = (await session.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    await writeFile(join(tmpdir(), `quire-web-fonts-${name}.png`), Buffer.from(data, 'base64'));
    await session.detach();
  }

  /** The width in CSS pixels of the first 40 characters of the document's first paragraph. */
  const textWidth = (page: Page) =>
    page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('#editor .quire-document')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.textContent ?? '').length < 40) continue;
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, 40);
        return range.getBoundingClientRect().width;
      }
      throw new Error('No text of 40 characters.');
    });

  it('sets a document whose fonts the computer has in the open font files the PDF embeds, on pages, without a CSP violation', async () => {
    const { page, fontRequests, errors } = await openPage(undefined, 'pages');
    await openFile(page, INSTALLED_FIXTURE);
    await page.waitForSelector('#editor .quire-document[data-layout="pages"]');
    await page.evaluate(() => document.fonts.ready);
    // Liberation Serif stands for Times New Roman: the layout measures it in Tinos, and the pages show Tinos.
    expect(fontRequests).toContain('/packages/quire/dist/fonts/tinos-latin-400-normal.woff2');
    expect(fontRequests.every((path) => path.startsWith('/packages/quire/dist/fonts/'))).toBe(true);
    const shown = await page.evaluate(() => {
      const text = [...document.querySelectorAll<HTMLElement>('#editor .quire-document p')].find((p) => (p.textContent ?? '').length >= 40)!;
      return { family: getComputedStyle(text).fontFamily, loaded: document.fonts.check(`16px ${getComputedStyle(text).fontFamily.split(',')[0]}`) };
    });
    expect(shown.family.startsWith('"quire-laid-out ')).toBe(true);
    expect(shown.loaded).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('requests no font file for a document whose fonts the computer has, in the flow layout', async () => {
    expect(chromium.fonts!.families).toContain('Liberation Serif');
    const { page, fontRequests, errors } = await openPage();
    await openFile(page, INSTALLED_FIXTURE);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    expect(fontRequests).toEqual([]);
    // Found installed, so no face was added either.
    expect(await page.evaluate(() => document.fonts.size)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  if (world === 'without open fonts') {
    it(
      'shows a Calibri document at once with the fallback, then in Carlito from quire/dist/fonts/ once it arrives',
      async () => {
        expect(chromium.fonts!.families.filter((family) => /carlito|calibri/i.test(family))).toEqual([]);
        const held: HeldRequests = { routes: [], released: false };
        const { page, fontRequests, errors } = await openPage(held);
        await openFile(page, calibriDocument());
        // The document is on screen (`ready`) while the font file is still on its way.
        await expect.poll(() => held.routes.length).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.fonts.check('12px Carlito'))).toBe(false);
        const before = await textWidth(page);
        await screenshot(page, 'before');

        await release(held);
        await page.waitForFunction(() => document.fonts.check('12px Carlito'));
        await page.evaluate(() => document.fonts.ready);
        const after = await textWidth(page);
        await screenshot(page, 'after');

        expect(fontRequests).toContain('/packages/quire/dist/fonts/carlito-latin-400-normal.woff2');
        expect(fontRequests.every((path) => path.startsWith('/packages/quire/dist/fonts/carlito-latin-'))).toBe(true);
        // Carlito is narrower than the fallback (DejaVu Sans): the text was laid out again.
        expect(after).toBeLessThan(before * 0.95);
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      },
    );

    it('shows the fallback, and reports nothing, when the font files are missing', async () => {
      const { page, fontRequests, errors } = await openPage();
      await page.route('**/packages/quire/dist/fonts/**', (route) => route.fulfill({ status: 404, body: '' }));
      await openFile(page, calibriDocument());
      await expect.poll(() => fontRequests.length).toBeGreaterThan(0);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.locator('#editor .quire-document').textContent()).not.toBe('');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  } else {
    it('requests no font file for a Calibri document and shows it in the installed Carlito, whose widths are Calibri\'s, in the flow layout', async () => {
      expect(chromium.fonts!.families).toContain('Carlito');
      const { page, fontRequests, errors } = await openPage();
      await openFile(page, calibriDocument());
      await page.evaluate(() => document.fonts.ready);
      expect(fontRequests).toEqual([]);
      const width = await textWidth(page);
      // The same 40 characters in the same size, once in Carlito, once in the fallback (DejaVu Sans).
      const [carlito, fallback] = await page.evaluate(() => {
        const text = [...document.querySelectorAll<HTMLElement>('#editor .quire-document p')].find((p) => (p.textContent ?? '').length >= 40)!;
        const size = getComputedStyle(text).fontSize;
        return ['Carlito', 'DejaVu Sans'].map((family) => {
          const probe = document.body.appendChild(Object.assign(document.createElement('span'), { textContent: text.textContent!.slice(0, 40) }));
          probe.style.cssText = `font: ${size} "${family}"; white-space: pre; position: absolute`;
          const measured = probe.getBoundingClientRect().width;
          probe.remove();
          return measured;
        });
      });
      expect(Math.abs(width - carlito!)).toBeLessThan(0.5);
      expect(width).toBeLessThan(fallback! * 0.95);
      await screenshot(page, 'installed');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
