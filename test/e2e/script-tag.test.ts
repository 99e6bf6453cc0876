// The built library in real headless Chromium: the script-tag example page opens real DOCX
// files and its reports reach a real `quire` server on another origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../../packages/server/src/node/listen.js';
import { readFixture, readMetadataNaively } from '../support/fixture-files.js';
import { startServerHarness, type ServerHarness } from '../../packages/server/test/server-harness.js';
import { launchChromium, repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

const fixtures = join(repositoryRoot, 'test/fixtures/docx');
const withMetadata = 'superdoc-msword-tracked-changes.docx';
const withoutMetadata = 'superdoc-gdocs-tracked-changes.docx';
// `insecure.test` reaches the static server but, not being localhost, is not a secure context:
// pages there have no crypto.subtle, like any plain-http site.
const INSECURE_HOST = '--host-resolver-rules=MAP insecure.test 127.0.0.1';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function storedEvents(harness: ServerHarness, documentId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await harness.db.selectFrom('collect_events').select(['license_key', 'document_id', 'origin_host']).where('document_id', '=', documentId).execute();
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

describe('the script-tag build in Chromium', () => {
  const chromium = useRepositoryInChromium(undefined, { chromiumArgs: [INSECURE_HOST] });
  let harness: ServerHarness;
  let collector: Listening;
  const pageErrors: string[] = [];

  async function newPage(url: string): Promise<Page> {
    const page = await chromium.browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Chromium itself logs every failed load ("Failed to load resource: ..."), which no script can
    // prevent; anything else logged as an error would come from Quire.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
    await page.goto(url);
    return page;
  }

  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    collector = await listen(harness.server, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await collector?.stop();
    await harness?.close();
  });

  it('identifies a chosen file on the example page and the report is stored by the server on another origin', async () => {
    const page = await newPage(`http://127.0.0.1:${chromium.statics.port}/examples/script-tag/index.html?collector=${encodeURIComponent(`${collector.url}/v1/collect`)}`);
    await page.setInputFiles('#file', join(fixtures, withMetadata));
    await page.waitForSelector('#result:not([hidden])');
    const { guid, createdAt } = readMetadataNaively(readFixture(withMetadata));
    const expectedId = sha256(`${guid}|${createdAt}`);
    expect(await page.textContent('#documentId')).toBe(expectedId);

    const rows = await storedEvents(harness, expectedId);
    expect(rows).toEqual([{ license_key: 'community-and-eval-agplv3', document_id: expectedId, origin_host: '127.0.0.1' }]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('exports in the browser a file that re-opens with the same id', async () => {
    const page = await newPage(`http://127.0.0.1:${chromium.statics.port}/examples/script-tag/index.html`);
    const ids = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const options = { telemetry: { enabled: false } };
      const first = await Quire.openDocument(bytes, options);
      const second = await Quire.openDocument(await first.export(), options);
      const third = await Quire.openDocument(await second.export(), options);
      return [first.source, second.source, second.documentId === third.documentId, second.guid === first.guid];
    }, `/test/fixtures/docx/${withoutMetadata}`);
    expect(ids).toEqual(['content', 'metadata', true, true]);
    await page.close();
  });

  it('makes no request when telemetry is disabled', async () => {
    const page = await newPage(`http://127.0.0.1:${chromium.statics.port}/examples/script-tag/index.html`);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const id = await page.evaluate(async (bytes) => (await Quire.openDocument(new Uint8Array(bytes), { telemetry: { enabled: false, endpoint: '/must-not-be-called' } })).documentId, [...readFixture(withMetadata)]);
    await page.waitForTimeout(300);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(requests).toEqual([]);
    await page.close();
  });

  it('opens normally with the unresolvable default endpoint, without errors on the page', async () => {
    const page = await newPage(`http://127.0.0.1:${chromium.statics.port}/examples/script-tag/index.html`);
    const outcome = await page.evaluate(async (bytes) => {
      const rejections: string[] = [];
      addEventListener('unhandledrejection', (event) => rejections.push(String(event.reason)));
      const opened = await Quire.openDocument(new Uint8Array(bytes));
      await new Promise((done) => setTimeout(done, 1000));
      return { source: opened.source, rejections };
    }, [...readFixture(withMetadata)]);
    expect(outcome).toEqual({ source: 'metadata', rejections: [] });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('hashes the bytes with the JavaScript fallback on a plain-http page without WebCrypto', async () => {
    const page = await newPage(`http://insecure.test:${chromium.statics.port}/examples/script-tag/index.html`);
    const bytes = readFixture(withoutMetadata);
    const result = await page.evaluate(async (data) => ({
      secure: isSecureContext,
      subtle: typeof crypto.subtle,
      opened: await Quire.openDocument(new Uint8Array(data), { telemetry: { enabled: false } }),
    }), [...bytes]);
    expect(result.secure).toBe(false);
    expect(result.subtle).toBe('undefined');
    expect(result.opened).toMatchObject({ source: 'content', documentId: sha256(bytes) });
    await page.close();
  });
});

describe('the own-endpoint example in Chromium', () => {
  let harness: ServerHarness;
  let collector: Listening;
  let relay: ChildProcess;
  let relayUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    collector = await listen(harness.server, { port: 0, host: '127.0.0.1' });
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    relay = spawn(process.execPath, [join(repositoryRoot, 'examples/own-endpoint/relay.mjs')], {
      env: { ...process.env, PORT: String(port), QUIRE_COLLECTOR_URL: `${collector.url}/v1/collect` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ready) => relay.stdout?.once('data', () => ready()));
    relayUrl = `http://127.0.0.1:${port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    relay?.kill();
    await collector?.stop();
    await harness?.close();
  });

  it('sends the report to the page’s own server, which relays it to the collector', async () => {
    const page = await browser.newPage();
    const thirdParty: string[] = [];
    page.on('request', (request) => new URL(request.url()).origin !== new URL(relayUrl).origin && thirdParty.push(request.url()));
    await page.goto(relayUrl);
    await page.setInputFiles('#file', join(fixtures, withMetadata));
    await page.waitForFunction(() => /^[0-9a-f]{64}$/.test(document.getElementById('documentId')?.textContent ?? ''));
    const documentId = (await page.textContent('#documentId')) ?? '';

    const rows = await storedEvents(harness, documentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.license_key).toBe('community-and-eval-agplv3');
    expect(thirdParty).toEqual([]);
  });
});

declare const Quire: typeof import('../../packages/quire/src/index.js');
