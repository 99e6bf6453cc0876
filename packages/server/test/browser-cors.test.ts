import { createServer as createHttpServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Request as BrowserRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../src/node/listen.js';
import { buildReport, startServerHarness, type ServerHarness } from './server-harness.js';

const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe('telemetry from a real browser on another origin', () => {
  let harness: ServerHarness;
  let listening: Listening;
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  const methodsSeen: string[] = [];

  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    const recordingServer = { ...harness.server, fetch: (request: Request, connection?: { remoteAddress?: string }) => {
      methodsSeen.push(request.method);
      return harness.server.fetch(request, connection);
    } };
    listening = await listen(recordingServer, { port: 0, host: '127.0.0.1' });
    page = createHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>host app</title><p>editor</p>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page.close(resolve));
    await listening.stop();
    await harness.close();
  });

  it('sends the report across origins after a preflight, and the server stores it', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    const report = buildReport(['c'.repeat(64)]);
    const result = await tab.evaluate(
      async ({ endpoint, body }) => {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-License-Key': 'org-browser' },
          body,
          credentials: 'omit',
          keepalive: true,
        });
        return { status: response.status, body: await response.text(), origin: location.origin };
      },
      { endpoint: `${listening.url}/v1/collect`, body: JSON.stringify(report) },
    );

    expect(result.origin).not.toBe(new URL(listening.url).origin);
    expect(result).toMatchObject({ status: 202, body: '{"accepted":1}' });
    expect(methodsSeen).toEqual(['OPTIONS', 'POST']);
    const rows = await harness.db.selectFrom('collect_events').select(['document_id', 'origin_host']).where('license_key', '=', 'org-browser').execute();
    expect(rows).toEqual([{ document_id: 'c'.repeat(64), origin_host: '127.0.0.1' }]);
  });

  it('shows a report sent by the library as finished in the network panel, not as cancelled', async () => {
    const bundled = await build({
      entryPoints: [join(import.meta.dirname, '../../quire/src/telemetry/send-report.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'QuireSendReport',
      logLevel: 'silent',
    });
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    await tab.addScriptTag({ content: bundled.outputFiles[0]!.text });
    const isReport = (request: BrowserRequest) => request.method() === 'POST' && request.url().endsWith('/v1/collect');
    const outcome = new Promise<string>((resolve) => {
      tab.on('requestfinished', (request) => isReport(request) && resolve('finished'));
      tab.on('requestfailed', (request) => isReport(request) && resolve(`failed: ${request.failure()?.errorText}`));
    });
    await tab.evaluate(
      ({ endpoint, report }) => {
        const { sendReport } = (window as unknown as { QuireSendReport: { sendReport: (report: unknown, options: unknown) => void } }).QuireSendReport;
        sendReport(report, { endpoint, licenseKey: 'org-panel' });
      },
      { endpoint: `${listening.url}/v1/collect`, report: buildReport(['d'.repeat(64)]) },
    );
    expect(await outcome).toBe('finished');
  });
});
