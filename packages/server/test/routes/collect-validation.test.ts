import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, postReport, startServerHarness, type ServerHarness } from '../server-harness.js';

interface ErrorBody {
  code: string;
  error: string;
  message: string;
  requestId: string;
  details?: Array<{ path: string; message: string }>;
}

describe('POST /v1/collect validation and limits', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  const storedEvents = async () => Number((await harness.db.selectFrom('collect_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  async function expectRejected(init: RequestInit, status: number, code: string): Promise<ErrorBody> {
    const before = await storedEvents();
    const response = await harness.request('/v1/collect', init);
    const body = (await response.json()) as ErrorBody;
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await storedEvents()).toBe(before);
    return body;
  }

  it('rejects more than 100 events with 400 and names the field', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => index.toString(16).padStart(8, '0'));
    const body = await expectRejected(postReport(buildReport(ids)), 400, 'COLLECT_REPORT_INVALID');
    expect(body.error).toBe('Bad Request');
    expect(body.details?.map((issue) => issue.path)).toContain('events');
  });

  it('accepts exactly 100 events', async () => {
    const ids = Array.from({ length: 100 }, (_, index) => index.toString(16).padStart(8, '0'));
    expect((await harness.request('/v1/collect', postReport(buildReport(ids)))).status).toBe(202);
  });

  it('rejects a report without events', async () => {
    await expectRejected(postReport(buildReport([])), 400, 'COLLECT_REPORT_INVALID');
  });

  it('rejects a timestamp that is not ISO 8601', async () => {
    const report = buildReport();
    (report.events as Array<Record<string, unknown>>)[0]!.timestamp = 'Sat, 31 Jan 2026 09:15:00 GMT';
    const body = await expectRejected(postReport(report), 400, 'COLLECT_REPORT_INVALID');
    expect(body.details?.[0]?.path).toBe('events.0.timestamp');
  });

  it('keeps an open whose documentCreatedAt is odd text, as files in the wild hold', async () => {
    const report = buildReport(['odd-created-at-1']);
    (report.events as Array<Record<string, unknown>>)[0]!.documentCreatedAt = '31.01.2026 09:15';
    expect((await harness.request('/v1/collect', postReport(report))).status).toBe(202);
    const row = await harness.db.selectFrom('collect_events').select('document_created_at').where('document_id', '=', 'odd-created-at-1').executeTakeFirst();
    expect(row?.document_created_at).toBe('31.01.2026 09:15');
  });

  it('rejects a documentCreatedAt longer than 64 characters or with control characters', async () => {
    for (const value of ['2'.repeat(65), '2024-01-01\u0000']) {
      const report = buildReport();
      (report.events as Array<Record<string, unknown>>)[0]!.documentCreatedAt = value;
      await expectRejected(postReport(report), 400, 'COLLECT_REPORT_INVALID');
    }
  });

  it('rejects a documentId longer than 128 characters or outside the safe characters', async () => {
    await expectRejected(postReport(buildReport(['x'.repeat(129)])), 400, 'COLLECT_REPORT_INVALID');
    await expectRejected(postReport(buildReport(['abc def'])), 400, 'COLLECT_REPORT_INVALID');
    await expectRejected(postReport(buildReport(["abc'; drop table x"])), 400, 'COLLECT_REPORT_INVALID');
  });

  it('accepts a null documentCreatedAt, as clients of the superdoc format send', async () => {
    const report = buildReport();
    (report.events as Array<Record<string, unknown>>)[0]!.documentCreatedAt = null;
    expect((await harness.request('/v1/collect', postReport(report))).status).toBe(202);
  });

  it('rejects metadata nested deeper than 5 levels', async () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    await expectRejected(postReport(buildReport(undefined, { metadata: deep })), 400, 'COLLECT_REPORT_INVALID');
    const fine = { a: { b: { c: { d: { e: 1 } } } } };
    expect((await harness.request('/v1/collect', postReport(buildReport(undefined, { metadata: fine })))).status).toBe(202);
  });

  it('rejects metadata over 8 KiB, metadata that is not an object, and strings PostgreSQL cannot store', async () => {
    await expectRejected(postReport(buildReport(undefined, { metadata: { big: 'x'.repeat(9000) } })), 400, 'COLLECT_REPORT_INVALID');
    await expectRejected(postReport(buildReport(undefined, { metadata: ['a'] })), 400, 'COLLECT_REPORT_INVALID');
    await expectRejected(postReport(buildReport(undefined, { metadata: { nul: 'a\u0000b' } })), 400, 'COLLECT_REPORT_INVALID');
    await expectRejected(postReport(`{"libraryVersion":"1","browserInfo":{"userAgent":"","currentUrl":"","hostname":"","screenSize":{"width":1,"height":1}},"metadata":{"s":"\\ud800"},"events":[{"timestamp":"2026-01-31T09:14:59.123Z","documentId":"abc"}]}`), 400, 'COLLECT_REPORT_INVALID');
  });

  it('rejects unknown fields and a missing library version', async () => {
    await expectRejected(postReport(buildReport(undefined, { extra: true })), 400, 'COLLECT_REPORT_INVALID');
    const { libraryVersion: _, ...withoutVersion } = buildReport();
    const body = await expectRejected(postReport(withoutVersion), 400, 'COLLECT_REPORT_INVALID');
    expect(body.details?.map((issue) => issue.path)).toContain('libraryVersion');
  });

  it('rejects a body that is not JSON with 400 REQUEST_JSON_MALFORMED', async () => {
    await expectRejected(postReport('{"libraryVersion": '), 400, 'REQUEST_JSON_MALFORMED');
  });

  it('rejects a body that is not declared as JSON with 415', async () => {
    await expectRejected({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(buildReport()) }, 415, 'REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('rejects a body over 64 KiB by its Content-Length with 413', async () => {
    const padded = JSON.stringify(buildReport()) + ' '.repeat(64 * 1024);
    await expectRejected(postReport(padded), 413, 'REQUEST_BODY_TOO_LARGE');
  });

  it('rejects a streamed body without Content-Length once it passes 64 KiB, without reading it all', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit;
    await expectRejected(init, 413, 'REQUEST_BODY_TOO_LARGE');
    expect(pulled).toBeLessThan(10);
  });

  it('accepts a streamed body under the cap', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(buildReport()));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const response = await harness.request('/v1/collect', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(202);
  });

  it('rejects a license key with control characters', async () => {
    const init = postReport(buildReport());
    const request = new Request('http://quire.test/v1/collect', init);
    request.headers.set('x-license-key', 'key\twith-tab');
    const response = await harness.server.fetch(request);
    expect(response.status).toBe(400);
  });

  it('keeps serving after a flood of malformed and oversized requests', async () => {
    const bad = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        harness.request('/v1/collect', index % 2 === 0 ? postReport('[[[[[[[[') : postReport('x'.repeat(70 * 1024))),
      ),
    );
    expect(new Set(bad.map((response) => response.status))).toEqual(new Set([400, 413]));
    expect((await harness.request('/v1/collect', postReport(buildReport()))).status).toBe(202);
  });
});

describe('CORS on /v1/collect', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  it('answers the preflight of any origin with the allowed headers and a two-hour max age', async () => {
    const response = await harness.request('/v1/collect', {
      method: 'OPTIONS',
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-license-key' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, x-license-key');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets any origin read the 202 answer, without allowing credentials', async () => {
    const response = await harness.request('/v1/collect', postReport(buildReport(), { origin: 'https://other.example' }));

    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
