// The Editor in real headless Chromium, driven through the script-tag example page
// (examples/editor) the way a person uses it: choose a file, type, use the toolbar, download,
// re-open. Reports go to a real `quire` server on another origin.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../../packages/server/src/node/listen.js';
import { documentText } from '../support/fixture-files.js';
import { startServerHarness, type ServerHarness } from '../../packages/server/test/server-harness.js';
import { repositoryRoot, serveRepository, type StaticServer } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage } from './example-page.js';

const fixtures = join(repositoryRoot, 'test/fixtures/docx');
/** Word file with a GUID and a creation time, nine paragraphs in quote styles. */
const TEXT_FIXTURE = 'pandoc-block_quotes.docx';
/** Word file with two tables (a caption field, a header row). */
const TABLE_FIXTURE = 'pandoc-table_captions_with_field.docx';
const LICENSE_KEY = 'quire-e2e-organisation-key';
const DOCUMENT = '#editor .quire-document';

interface ExamplePage {
  page: Page;
  /** Every request the page made, in order, with its method and headers. */
  requests: { url: string; method: string; headers: Record<string, string> }[];
  /** Uncaught errors and console errors on the page. */
  errors: string[];
}

describe('the editor example in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let harness: ServerHarness;
  let collector: Listening;
  let downloads: string;

  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    collector = await listen(harness.server, { port: 0, host: '127.0.0.1' });
    downloads = await mkdtemp(join(tmpdir(), 'quire-e2e-'));
  });
  afterAll(async () => {
    await collector?.stop();
    await harness?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  const collectUrl = () => `${collector.url}/v1/collect`;

  /** Opens examples/editor with `query` in a fresh context, recording requests and errors. */
  async function openExample(query: Record<string, string>, server: StaticServer = chromium.statics): Promise<ExamplePage> {
    const context = await chromium.browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
    // Policy violations are recorded from the first script on, before Quire loads.
    await context.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { violations });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
    });
    const page = await context.newPage();
    const example: ExamplePage = { page, requests: [], errors: [] };
    page.on('request', (request) => example.requests.push({ url: request.url(), method: request.method(), headers: request.headers() }));
    page.on('pageerror', (error) => example.errors.push(error.message));
    // Chromium logs every failed load itself ("Failed to load resource"); anything else logged
    // as an error comes from the page or Quire.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) example.errors.push(message.text());
    });
    await page.goto(`${server.origin}/examples/editor/index.html?${new URLSearchParams(query)}`);
    return example;
  }

  const openFixture = (page: Page, name: string) => chooseOnExamplePage(page, join(fixtures, name));
  // The text of every paragraph and heading, one per line: `innerText` leaves out paragraphs that
  // the browser skips while they are off screen (`content-visibility: auto`), as it does on pages.
  const documentTextOf = async (page: Page) => (await page.locator(`${DOCUMENT} :is(p, h1, h2, h3, h4, h5, h6, pre)`).allTextContents()).join('\n').trim();
  const paragraph = (page: Page, text: string) => page.locator(`${DOCUMENT} :is(p, h1, h2, h3, h4, h5, h6)`, { hasText: text });

  /** Puts the caret at the end of the paragraph holding `text`. */
  async function caretAtEndOf(page: Page, text: string): Promise<void> {
    await paragraph(page, text).first().click();
    await page.keyboard.press('End');
  }

  /** Selects `word`, which must start the paragraph holding `text`, with the keyboard. */
  async function selectFirstWord(page: Page, text: string, word: string): Promise<void> {
    await paragraph(page, text).first().click();
    await page.keyboard.press('Home');
    for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowRight');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(word);
  }

  /** The CSS font weight of the element around the first text node that starts with `word`. */
  function fontWeightOf(page: Page, word: string): Promise<number> {
    return page.evaluate(([selector, start]) => {
      const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.startsWith(start)) return Number(getComputedStyle(node.parentElement!).fontWeight);
      }
      return Number.NaN;
    }, [DOCUMENT, word] as const);
  }

  async function storedEvents(documentId: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await harness.db.selectFrom('collect_events').select(['license_key', 'document_id']).where('document_id', '=', documentId).execute();
      if (rows.length > 0 || Date.now() > deadline) return rows;
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }

  it('shows the text of a DOCX chosen on the page, with its documentId', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    expect(await openFixture(page, TEXT_FIXTURE)).toBe(`${TEXT_FIXTURE} is open.`);
    const text = await documentTextOf(page);
    expect(text).toContain('Some block quotes, in different ways');
    expect(text).toContain('This is called the Intense Quote style.');
    expect(text).toContain('I just indented this, so it looks like a block quote.');
    await expect.poll(() => paragraph(page, 'Some block quotes').first().isVisible()).toBe(true);
    expect(await page.textContent('#documentId')).toMatch(/^[0-9a-f]{64}$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('inserts typed text at the caret', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TEXT_FIXTURE);
    await caretAtEndOf(page, 'This is called the Intense Quote style.');
    await page.keyboard.type(' Typed in Chromium.');
    expect(await paragraph(page, 'This is called the Intense Quote style.').first().innerText()).toBe('This is called the Intense Quote style. Typed in Chromium.');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('bolds the selected word, and only that word, with the toolbar', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TEXT_FIXTURE);
    expect(await fontWeightOf(page, 'This is the proper')).toBeLessThan(600);
    await selectFirstWord(page, 'This is the proper way, with a style', 'This');
    await page.getByRole('button', { name: 'Bold' }).click();
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    expect(await fontWeightOf(page, 'This')).toBeGreaterThanOrEqual(700);
    expect(await fontWeightOf(page, ' is the proper way')).toBeLessThan(600);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('turns a paragraph into a bulleted list item with the toolbar', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TEXT_FIXTURE);
    const item = page.locator(`${DOCUMENT} ul > li`, { hasText: 'And this is the way that most people do it:' });
    expect(await item.count()).toBe(0);
    await caretAtEndOf(page, 'And this is the way that most people do it:');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await item.count()).toBe(1);
    expect(await page.locator(`${DOCUMENT} ul > li`).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds a table row below the cell with the caret', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TABLE_FIXTURE);
    const table = page.locator(`${DOCUMENT} table`, { hasText: 'First option' }).first();
    const rowsBefore = await table.locator('tr').count();
    expect(rowsBefore).toBeGreaterThan(1);
    await table.locator('td, th', { hasText: 'First option' }).first().click();
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('menuitem', { name: 'Insert row below' }).click();
    expect(await table.locator('tr').count()).toBe(rowsBefore + 1);
    // The new row comes right after the row with the caret and is empty.
    const texts = await table.locator('tr').allInnerTexts();
    const index = texts.findIndex((text) => text.includes('First option'));
    expect(texts[index + 1]?.trim()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads a DOCX that re-opens with the edits and the same documentId', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TEXT_FIXTURE);
    const documentId = await page.textContent('#documentId');
    await caretAtEndOf(page, 'This is called the Intense Quote style.');
    await page.keyboard.type(' Typed before export.');
    await selectFirstWord(page, 'This is the proper way, with a style', 'This');
    await page.getByRole('button', { name: 'Bold' }).click();
    await caretAtEndOf(page, 'And this is the way that most people do it:');
    await page.getByRole('button', { name: 'Bulleted list' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const saved = join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    expect(download.suggestedFilename()).toBe(TEXT_FIXTURE);
    const exported = unzipSync(new Uint8Array(await readFile(saved)));
    const original = unzipSync(new Uint8Array(await readFile(join(fixtures, TEXT_FIXTURE))));
    expect(documentText(new Uint8Array(await readFile(saved)))).toContain('Typed before export.');
    // What the edits did not touch is written back byte for byte: parts, and paragraphs' XML.
    for (const part of ['word/styles.xml', 'word/theme/theme1.xml', 'word/fontTable.xml', 'word/webSettings.xml', 'docProps/app.xml']) {
      expect(Buffer.from(exported[part] ?? []).equals(Buffer.from(original[part] ?? [0])), part).toBe(true);
    }
    const untouched = /<w:p\b[^>]*[^/]>(?:(?!<w:p\b).)*?I just indented this.*?<\/w:p>/s.exec(strFromU8(original['word/document.xml'] ?? new Uint8Array()))?.[0];
    expect(untouched).toContain('<w:ind w:left="1440"/>');
    expect(strFromU8(exported['word/document.xml'] ?? new Uint8Array())).toContain(untouched);

    const reopened = await openExample({ telemetry: 'off' });
    expect(await chooseOnExamplePage(reopened.page, saved)).toBe(`${TEXT_FIXTURE} is open.`);
    expect(await reopened.page.textContent('#documentId')).toBe(documentId);
    expect(await paragraph(reopened.page, 'This is called the Intense Quote style.').first().innerText()).toBe('This is called the Intense Quote style. Typed before export.');
    expect(await fontWeightOf(reopened.page, 'This')).toBeGreaterThanOrEqual(700);
    expect(await fontWeightOf(reopened.page, ' is the proper way')).toBeLessThan(600);
    expect(await reopened.page.locator(`${DOCUMENT} ul > li`, { hasText: 'And this is the way that most people do it:' }).count()).toBe(1);
    expect([...errors, ...reopened.errors]).toEqual([]);
    await page.context().close();
    await reopened.page.context().close();
  });

  it('returns the document to its original text and formatting after undoing every edit', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    await openFixture(page, TEXT_FIXTURE);
    const original = await documentTextOf(page);
    await caretAtEndOf(page, 'This is called the Intense Quote style.');
    await page.keyboard.type(' Undo me.');
    await selectFirstWord(page, 'This is the proper way, with a style', 'This');
    await page.getByRole('button', { name: 'Bold' }).click();
    await caretAtEndOf(page, 'And this is the way that most people do it:');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await documentTextOf(page)).not.toBe(original);

    const undo = page.getByRole('button', { name: 'Undo' });
    let clicks = 0;
    while (await undo.isEnabled()) {
      await undo.click();
      if (++clicks > 50) throw new Error('Undo is still enabled after 50 clicks');
    }
    expect(clicks).toBeGreaterThanOrEqual(3);
    expect(await documentTextOf(page)).toBe(original);
    expect(await fontWeightOf(page, 'This is the proper')).toBeLessThan(600);
    expect(await page.locator(`${DOCUMENT} ul > li`).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends one report per opened file, with the page’s licence key, to the collector on another origin', async () => {
    const { page, requests, errors } = await openExample({ collector: collectUrl(), licenseKey: LICENSE_KEY });
    // What was on screen when the report left: the editor looks fetch up when it reports.
    await page.evaluate(() => {
      const send = window.fetch.bind(window);
      const shown: string[] = [];
      Object.assign(window, { textWhenReported: shown });
      window.fetch = (input, init) => {
        shown.push(document.querySelector('#editor .quire-document')?.textContent ?? '');
        return send(input, init);
      };
    });
    await openFixture(page, TEXT_FIXTURE);
    const documentId = (await page.textContent('#documentId')) ?? '';
    const rows = await storedEvents(documentId);
    expect(rows).toEqual([{ license_key: LICENSE_KEY, document_id: documentId }]);

    await openFixture(page, TABLE_FIXTURE);
    const secondId = (await page.textContent('#documentId')) ?? '';
    expect(await storedEvents(secondId)).toHaveLength(1);
    const reports = requests.filter((request) => request.url === collectUrl() && request.method === 'POST');
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report.headers['x-license-key']).toBe(LICENSE_KEY);
      expect(report.headers['content-type']).toBe('application/json');
    }
    const shown = await page.evaluate(() => (window as unknown as { textWhenReported: string[] }).textWhenReported);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain('Some block quotes, in different ways');
    expect(shown[1]).toContain('First option');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a message for an unreadable file, keeps the document being edited when the next one fails, and opens the next file', async () => {
    const { page, errors } = await openExample({ telemetry: 'off' });
    const broken = { name: 'broken.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('This is not a zip archive.') };
    // The first file reaches `new Editor` (its `ready` rejects); a later one reaches `open`.
    expect(await chooseOnExamplePage(page, broken)).toBe('broken.docx could not be opened (DOCX_NOT_ZIP).');
    const message = (await page.locator('#editor').innerText()).trim();
    expect(message.length).toBeGreaterThan(0);
    expect(message.length).toBeLessThan(300);
    expect(await page.locator(DOCUMENT).count()).toBe(0);

    await page.check('#view-only');
    expect(await page.textContent('#status')).toBe('View only.');
    await page.uncheck('#view-only');

    expect(await openFixture(page, TEXT_FIXTURE)).toBe(`${TEXT_FIXTURE} is open.`);
    expect(await documentTextOf(page)).toContain('Some block quotes, in different ways');
    await caretAtEndOf(page, 'This is called the Intense Quote style.');
    await page.keyboard.type(' Still editable.');
    expect(await documentTextOf(page)).toContain('Intense Quote style. Still editable.');

    // A file that fails to open while a document is being edited leaves that document, its edits
    // and its documentId as they were, with the editor's message above it.
    const documentId = await page.textContent('#documentId');
    const whole = await readFile(join(fixtures, TABLE_FIXTURE));
    const truncated = { name: 'truncated.docx', mimeType: broken.mimeType, buffer: whole.subarray(0, whole.length >> 1) };
    expect(await chooseOnExamplePage(page, truncated)).toMatch(/^truncated\.docx could not be opened \(DOCX_[A-Z_]+\)\.$/);
    expect(await documentTextOf(page)).toContain('Intense Quote style. Still editable.');
    expect(await page.textContent('#documentId')).toBe(documentId);
    expect(await page.locator('#editor [role="alert"]').innerText()).toMatch(/^That file could not be opened.*The document you were editing is unchanged\./s);
    expect(await page.isEnabled('#download')).toBe(true);
    await page.keyboard.type(' And after.');
    expect(await documentTextOf(page)).toContain('Intense Quote style. Still editable. And after.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const saved = join(downloads, `kept-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    expect(documentText(new Uint8Array(await readFile(saved)))).toContain('Still editable. And after.');

    expect(await openFixture(page, TABLE_FIXTURE)).toBe(`${TABLE_FIXTURE} is open.`);
    expect(await page.locator('#editor [role="alert"]').count()).toBe(0);
    expect(await documentTextOf(page)).toContain('First option');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens and edits under a strict Content-Security-Policy without a violation', async () => {
    const policy = [
      "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:",
      `connect-src 'self' ${collector.url}`, "object-src 'none'", "base-uri 'none'",
    ].join('; ');
    const strict = await serveRepository({ 'content-security-policy': policy });
    try {
      const { page, errors } = await openExample({ collector: collectUrl() }, strict);
      const report = page.waitForResponse((response) => response.url() === collectUrl() && response.request().method() === 'POST');
      await openFixture(page, TABLE_FIXTURE);
      expect((await report).status()).toBe(202);
      await caretAtEndOf(page, 'See Table 1.');
      await page.keyboard.type(' Under a policy.');
      await page.getByRole('button', { name: 'Bold' }).click();
      expect(await documentTextOf(page)).toContain('Under a policy.');
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await strict.close();
    }
  });
});
