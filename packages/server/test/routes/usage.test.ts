import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredEvents } from '../../src/collect/purge-expired-events.js';
import { storeKinds } from '../../../../test/support/test-stores.js';
import { buildReport, postReport, startServerHarness, TEST_ADMIN_TOKEN, type ServerHarness } from '../server-harness.js';

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const doc = (n: number) => n.toString(16).padStart(64, '0');

describe.each(storeKinds)('GET /v1/usage on %s', (kind) => {
  let harness: ServerHarness;

  async function collectAt(time: string, licenseKey: string, documentIds: number[]): Promise<void> {
    harness.clock.current = new Date(time);
    const response = await harness.request('/v1/collect', postReport(buildReport(documentIds.map(doc)), { 'x-license-key': licenseKey }));
    expect(response.status).toBe(202);
  }

  beforeAll(async () => {
    harness = await startServerHarness(kind);
    await collectAt('2026-01-31T23:59:59.000Z', 'org-usage', [1]);
    await collectAt('2026-02-01T00:00:00.000Z', 'org-usage', [1, 2]);
    await collectAt('2026-02-01T08:00:00.000Z', 'org-usage', [1]);
    await collectAt('2026-02-14T12:00:00.000Z', 'org-usage', [1, 3, 3]);
    await collectAt('2026-02-14T12:00:00.000Z', 'org-other', [4]);
    await collectAt('2026-02-20T12:00:00.000Z', 'community-and-eval-agplv3', [5]);
    harness.clock.current = new Date('2026-02-28T10:00:00.000Z');
  });
  afterAll(() => harness.close());

  it('returns distinct documents, opens and the per-day series of a license key and month', async () => {
    const response = await harness.request('/v1/usage?month=2026-02&license=org-usage', { headers: admin });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Document 1, already billed on the 1st, is opened again on the 14th: it counts as an open
    // there, not as a new document, so the days' documents add up to the billable documents.
    expect(await response.json()).toEqual({
      licenseKey: 'org-usage',
      month: '2026-02',
      billableDocuments: 3,
      opens: 6,
      days: [
        { date: '2026-02-01', documents: 2, opens: 3 },
        { date: '2026-02-14', documents: 1, opens: 3 },
      ],
    });
  });

  it('keeps a document opened on both sides of a month boundary in both months', async () => {
    const response = await harness.request('/v1/usage?month=2026-01&license=org-usage', { headers: admin });

    expect(await response.json()).toEqual({
      licenseKey: 'org-usage',
      month: '2026-01',
      billableDocuments: 1,
      opens: 1,
      days: [{ date: '2026-01-31', documents: 1, opens: 1 }],
    });
  });

  it('lists every licence key of the current UTC month with its figures and a total when no licence is given', async () => {
    const response = await harness.request('/v1/usage', { headers: admin });

    const body = (await response.json()) as { month: string; licences: Array<{ licenseKey: string; billableDocuments: number; opens: number }>; total: unknown };
    expect(body.month).toBe('2026-02');
    expect(body.licences.map(({ licenseKey, billableDocuments, opens }) => ({ licenseKey, billableDocuments, opens }))).toEqual([
      { licenseKey: 'community-and-eval-agplv3', billableDocuments: 1, opens: 1 },
      { licenseKey: 'org-other', billableDocuments: 1, opens: 1 },
      { licenseKey: 'org-usage', billableDocuments: 3, opens: 6 },
    ]);
    expect(body.total).toMatchObject({ billableDocuments: 5, opens: 8 });
  });

  it('answers zeros for a month without usage', async () => {
    const response = await harness.request('/v1/usage?month=2025-07&license=org-usage', { headers: admin });

    expect(await response.json()).toEqual({ licenseKey: 'org-usage', month: '2025-07', billableDocuments: 0, opens: 0, days: [] });
  });

  it('still counts usage after the raw events are purged', async () => {
    const purged = await purgeExpiredEvents(harness.db, new Date('2026-12-31T00:00:00.000Z'), 30);
    expect(purged).toBeGreaterThan(0);

    const response = await harness.request('/v1/usage?month=2026-02&license=org-usage', { headers: admin });
    expect(await response.json()).toMatchObject({ billableDocuments: 3, opens: 6 });
  });
});

describe('GET /v1/usage authorisation', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code;

  it('refuses a request without a token with 401 and a Bearer challenge', async () => {
    const response = await harness.request('/v1/usage?month=2026-01');

    expect(response.status).toBe(401);
    expect(await codeOf(response)).toBe('USAGE_UNAUTHORIZED');
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="quire"');
  });

  it('refuses a wrong token, a token differing in one character, and the license key itself', async () => {
    const wrong = [
      'wrong-token-0123456789',
      TEST_ADMIN_TOKEN.slice(0, -1) + 'X',
      TEST_ADMIN_TOKEN + 'X',
      'community-and-eval-agplv3',
    ];
    for (const token of wrong) {
      const response = await harness.request('/v1/usage?license=community-and-eval-agplv3', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    const licenseAsHeader = await harness.request('/v1/usage', { headers: { 'x-license-key': 'community-and-eval-agplv3' } });
    expect(licenseAsHeader.status).toBe(401);
  });

  it('checks the token before validating the query', async () => {
    const response = await harness.request('/v1/usage?month=bad');

    expect(response.status).toBe(401);
  });

  it('rejects a malformed month with 400 once authorised', async () => {
    const response = await harness.request('/v1/usage?month=2026-13', { headers: admin });

    expect(response.status).toBe(400);
    expect(await codeOf(response)).toBe('REQUEST_INVALID');
  });

  it('is disabled with 403 when no admin token is configured', async () => {
    const disabled = await startServerHarness('pglite', { adminToken: undefined });
    const response = await disabled.request('/v1/usage', { headers: admin });

    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('USAGE_FORBIDDEN');
    await disabled.close();
  });
});
