// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDocumentError, isQuireOptionsError, openDocument } from '../src/index.js';
import { readFixture, readMetadataNaively } from '../../../test/support/fixture-files.js';
import { createCollector } from './telemetry/collector.js';

const endpoint = 'https://collector.test/v1/collect';
const collector = createCollector([endpoint]);
const documentUrl = 'https://files.test/report.docx';
const withMetadata = 'superdoc-msword-tracked-changes.docx';
const withoutMetadata = 'superdoc-gdocs-tracked-changes.docx';

beforeAll(() => collector.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  collector.server.resetHandlers();
  collector.requests.length = 0;
});
afterAll(() => collector.server.close());

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

describe('openDocument', () => {
  it('derives the id from GUID and creation time and reports exactly that id once', async () => {
    const bytes = readFixture(withMetadata);
    const { guid, createdAt } = readMetadataNaively(bytes);
    const opened = await openDocument(bytes, { licenseKey: 'org-key-1', telemetry: { endpoint } });

    expect(opened.source).toBe('metadata');
    expect(opened.documentId).toBe(sha256(`${guid}|${createdAt}`));
    const [request] = await collector.waitForRequests(1);
    expect(request?.headers.get('x-license-key')).toBe('org-key-1');
    const report = JSON.parse(request?.text ?? '{}');
    expect(report.events).toEqual([
      { timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), documentId: opened.documentId, documentCreatedAt: createdAt },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(collector.requests).toHaveLength(1);
  });

  it('opens a file without metadata by its bytes hash, and its export by GUID and time', async () => {
    const bytes = readFixture(withoutMetadata);
    const first = await openDocument(bytes, { telemetry: { enabled: false } });
    expect(first.source).toBe('content');
    expect(first.documentId).toBe(sha256(bytes));

    const exported = await first.export();
    const second = await openDocument(exported, { telemetry: { enabled: false } });
    expect(second.source).toBe('metadata');
    expect(second.documentId).toBe(sha256(`${first.guid}|${first.createdAt}`));
    const third = await openDocument(await second.export(), { telemetry: { enabled: false } });
    expect(third.documentId).toBe(second.documentId);
  });

  it('makes no request at all when telemetry is disabled, yet still generates the metadata', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const opened = await openDocument(readFixture(withoutMetadata), { fetch: fetchSpy, telemetry: { enabled: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(collector.requests).toHaveLength(0);
    expect(opened.guid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(opened.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
  });

  it('resolves without waiting for a collector that never answers', async () => {
    collector.server.use(http.post(endpoint, () => new Promise<never>(() => {})));
    const opened = await openDocument(readFixture(withMetadata), { telemetry: { endpoint } });
    expect(opened.documentId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resolves normally when the collector fails with a network error', async () => {
    collector.server.use(http.post(endpoint, () => HttpResponse.error()));
    await expect(openDocument(readFixture(withMetadata), { telemetry: { endpoint } })).resolves.toMatchObject({ source: 'metadata' });
  });

  it('downloads a document given by URL with the same fetch it reports with', async () => {
    const bytes = readFixture(withMetadata);
    collector.server.use(http.get(documentUrl, () => HttpResponse.arrayBuffer(bytes.slice().buffer)));
    const opened = await openDocument(documentUrl, { telemetry: { endpoint } });
    expect(opened.documentId).toBe((await openDocument(bytes, { telemetry: { enabled: false } })).documentId);
    await collector.waitForRequests(1);
  });

  it('rejects invalid options before downloading anything', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const error = await openDocument(documentUrl, { fetch: fetchSpy, telemetry: { enabled: 'no' as unknown as boolean } }).catch((e: unknown) => e);
    expect(isQuireOptionsError(error) && error.option).toBe('telemetry.enabled');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects a file that is not a DOCX with a typed error and sends no report', async () => {
    const error = await openDocument(new TextEncoder().encode('plain text, not a zip'), { telemetry: { endpoint } }).catch((e: unknown) => e);
    expect(isDocumentError(error) && error.code).toBe('DOCX_NOT_ZIP');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(collector.requests).toHaveLength(0);
  });

  it('accepts a File from a file input', async () => {
    const bytes = readFixture(withMetadata);
    const file = new File([bytes as Uint8Array<ArrayBuffer>], 'report.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const opened = await openDocument(file, { telemetry: { enabled: false } });
    expect(opened.documentId).toBe(sha256(`${readMetadataNaively(bytes).guid}|${readMetadataNaively(bytes).createdAt}`));
  });
});
