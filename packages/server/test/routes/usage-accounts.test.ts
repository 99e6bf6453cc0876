import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkLicence } from '../../src/accounts/account-store.js';
import { storeKinds } from '../../../../test/support/test-stores.js';
import { buildReport, postReport, startServerHarness, TEST_ADMIN_TOKEN, type ServerHarness } from '../server-harness.js';

const doc = (n: number) => n.toString(16).padStart(64, '0');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const admin = bearer(TEST_ADMIN_TOKEN);
const ACME = 'lk_acme_0000000000000000A';
const ACME_SECOND = 'lk_acme-eu_0000000000000000B';
const GLOBEX = 'lk_globex_0000000000000000C';

describe.each(storeKinds)('usage of an organisation on %s', (kind) => {
  let harness: ServerHarness;
  const logLines: Array<Record<string, unknown>> = [];
  const keys: Record<string, string> = {};

  async function collect(time: string, licenseKey: string, documents: number[], origin = 'https://app.acme.test'): Promise<void> {
    harness.clock.current = new Date(time);
    const response = await harness.request('/v1/collect', postReport(buildReport(documents.map(doc)), { 'x-license-key': licenseKey, origin }));
    expect(response.status).toBe(202);
  }

  async function obtainKey(email: string): Promise<string> {
    expect((await harness.request(`/v1/auth/register?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const code = /\b(\d{6})\b/.exec(harness.sent.at(-1)!.text)![1]!;
    const verified = await harness.request(`/v1/auth/verify?email=${encodeURIComponent(email)}&code=${code}`);
    return ((await verified.json()) as { apiKey: string }).apiKey;
  }

  const getJson = async (path: string, headers: Record<string, string>) => {
    const response = await harness.request(path, { headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const logStream = new Writable({ write: (chunk, _encoding, done) => void (logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
    harness = await startServerHarness(kind, { logger: pino({ level: 'info' }, logStream) });
    const now = new Date('2026-01-01T00:00:00.000Z');
    await linkLicence(harness.db, { licenseKey: ACME, email: 'owner@acme.test', name: 'Acme', now });
    await linkLicence(harness.db, { licenseKey: ACME_SECOND, email: 'owner@acme.test', now });
    await linkLicence(harness.db, { licenseKey: ACME, email: 'finance@acme.test', now });
    await linkLicence(harness.db, { licenseKey: GLOBEX, email: 'boss@globex.test', name: 'Globex', now });
    await collect('2026-01-20T10:00:00.000Z', ACME, [1, 2]);
    await collect('2026-02-01T10:00:00.000Z', ACME, [1, 2, 3]);
    await collect('2026-02-03T10:00:00.000Z', ACME, [1], 'https://copycat.example');
    await collect('2026-02-03T11:00:00.000Z', ACME_SECOND, [9]);
    await collect('2026-02-04T10:00:00.000Z', GLOBEX, [5, 6]);
    keys.acmeOwner = await obtainKey('owner@acme.test');
    keys.acmeFinance = await obtainKey('Finance@ACME.test');
    keys.globex = await obtainKey('boss@globex.test');
    keys.stranger = await obtainKey('someone@else.test');
    harness.clock.current = new Date('2026-02-10T12:00:00.000Z');
  });
  afterAll(() => harness.close());

  it('lists every licence key of the account, each with its figures, and their total', async () => {
    const { status, body } = await getJson('/v1/usage?month=2026-02', bearer(keys.acmeFinance!));

    expect(status).toBe(200);
    expect(body).toMatchObject({
      month: '2026-02',
      licences: [
        { licenseKey: ACME_SECOND, billableDocuments: 1, opens: 1 },
        { licenseKey: ACME, billableDocuments: 3, opens: 4 },
      ],
      total: { billableDocuments: 4, opens: 5 },
    });
  });

  it("answers 404 on every route for another organisation's licence key, as for a key that does not exist", async () => {
    for (const [key, foreign] of [[keys.acmeOwner!, GLOBEX], [keys.globex!, ACME]] as const) {
      for (const path of ['/v1/usage?month=2026-02', '/v1/usage/summary?from=2026-01&to=2026-02', '/v1/usage/origins?month=2026-02']) {
        const foreignAnswer = await getJson(`${path}&license=${foreign}`, bearer(key));
        const unknownAnswer = await getJson(`${path}&license=lk_nobody_x`, bearer(key));
        expect(foreignAnswer.status).toBe(404);
        expect(foreignAnswer.body.code).toBe('USAGE_LICENSE_NOT_FOUND');
        expect({ ...foreignAnswer.body, requestId: '' }).toEqual({ ...unknownAnswer.body, requestId: '' });
      }
    }
  });

  it('never shows another account a figure or a key: lists, summaries and origins hold only its own', async () => {
    for (const path of ['/v1/usage?month=2026-02', '/v1/usage/summary?from=2026-01&to=2026-02', '/v1/usage/origins?month=2026-02']) {
      const text = JSON.stringify((await getJson(path, bearer(keys.globex!))).body);
      expect(text).toContain(GLOBEX);
      expect(text).not.toContain('lk_acme');
      expect(text).not.toContain('community-and-eval-agplv3');
    }
  });

  it('gives a key of an address without an account an empty list, and 404 for any licence', async () => {
    const own = await getJson('/v1/usage?month=2026-02', bearer(keys.stranger!));
    const community = await getJson('/v1/usage?month=2026-02&license=community-and-eval-agplv3', bearer(keys.stranger!));

    expect(own.body).toEqual({ month: '2026-02', licences: [], total: { billableDocuments: 0, opens: 0, days: [] } });
    expect(community.status).toBe(404);
  });

  it('sums the monthly counters to the same figures as the billing rows, month by month', async () => {
    const { body } = await getJson('/v1/usage/summary?from=2025-12&to=2026-02', bearer(keys.acmeOwner!));

    expect(body.totals).toEqual([
      { month: '2025-12', billableDocuments: 0, opens: 0 },
      { month: '2026-01', billableDocuments: 2, opens: 2 },
      { month: '2026-02', billableDocuments: 4, opens: 5 },
    ]);
    for (const month of ['2026-01', '2026-02']) {
      const billed = await harness.db.selectFrom('billing_documents').select((eb) => eb.fn.countAll<string>().as('n')).where('month', '=', month).where('license_key', 'in', [ACME, ACME_SECOND]).executeTakeFirstOrThrow();
      expect((body.totals as Array<{ month: string; billableDocuments: number }>).find((total) => total.month === month)!.billableDocuments).toBe(Number(billed.n));
    }
  });

  it('refuses a summary over more than 24 months or with from after to', async () => {
    const tooLong = await getJson('/v1/usage/summary?from=2024-01&to=2026-01', bearer(keys.acmeOwner!));
    const reversed = await getJson('/v1/usage/summary?from=2026-02&to=2026-01', bearer(keys.acmeOwner!));
    const longest = await getJson('/v1/usage/summary?from=2024-02&to=2026-01', bearer(keys.acmeOwner!));

    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'USAGE_RANGE_INVALID']);
    expect(reversed.body.code).toBe('USAGE_RANGE_INVALID');
    expect(longest.status).toBe(200);
  });

  it('tells where a licence key was used: opens per page origin with the days seen', async () => {
    const { body } = await getJson(`/v1/usage/origins?month=2026-02&license=${ACME}`, bearer(keys.acmeOwner!));

    expect(body.origins).toEqual([
      { licenseKey: ACME, origin: 'app.acme.test', opens: 3, days: 1, firstDay: '2026-02-01', lastDay: '2026-02-01' },
      { licenseKey: ACME, origin: 'copycat.example', opens: 1, days: 1, firstDay: '2026-02-03', lastDay: '2026-02-03' },
    ]);
  });

  it('answers CSV with a header row and ISO dates for ?format=csv and for Accept: text/csv', async () => {
    const byQuery = await harness.request(`/v1/usage?month=2026-02&license=${ACME}&format=csv`, { headers: bearer(keys.acmeOwner!) });
    const byAccept = await harness.request('/v1/usage/summary?from=2026-01&to=2026-02', { headers: { ...bearer(keys.acmeOwner!), accept: 'text/csv' } });
    const origins = await harness.request('/v1/usage/origins?month=2026-02&format=csv', { headers: bearer(keys.acmeOwner!) });

    expect(byQuery.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(byQuery.headers.get('content-disposition')).toBe('attachment; filename="quire-usage-2026-02.csv"');
    expect(await byQuery.text()).toBe(`date,license_key,new_documents,opens\r\n2026-02-01,${ACME},3,3\r\n2026-02-03,${ACME},0,1\r\n`);
    expect(await byAccept.text()).toBe(
      `month,license_key,billable_documents,opens\r\n2026-01,${ACME_SECOND},0,0\r\n2026-01,${ACME},2,2\r\n2026-02,${ACME_SECOND},1,1\r\n2026-02,${ACME},3,4\r\n`,
    );
    expect((await origins.text()).split('\r\n')[0]).toBe('month,license_key,origin,opens,days,first_day,last_day');
  });

  it('lets the admin token read every licence like quire usage does', async () => {
    const { body } = await getJson('/v1/usage?month=2026-02', admin);

    expect((body.licences as Array<{ licenseKey: string }>).map((licence) => licence.licenseKey)).toEqual([ACME_SECOND, GLOBEX, ACME].sort());
  });

  it('logs every read with the display prefix of the key, refusals included', async () => {
    await getJson(`/v1/usage?month=2026-02&license=${GLOBEX}`, bearer(keys.acmeOwner!));

    const line = logLines.filter((entry) => entry.msg === 'usage read').at(-1)!;
    expect(line).toMatchObject({ keyPrefix: keys.acmeOwner!.slice(0, 11), path: '/v1/usage', query: { license: GLOBEX }, outcome: 404 });
    await harness.request('/v1/usage', { headers: bearer('not-the-admin-token-at-all') });
    expect(logLines.filter((entry) => entry.msg === 'usage read').at(-1)).toMatchObject({ keyPrefix: 'none', outcome: 'USAGE_UNAUTHORIZED' });
    expect(JSON.stringify(logLines)).not.toContain(keys.acmeOwner!);
  });

  it('documents the usage routes with their catalogue errors in /openapi.json', async () => {
    const { body } = await getJson('/openapi.json', {});
    const paths = body.paths as Record<string, { get?: { responses: Record<string, unknown> } }>;

    for (const path of ['/v1/usage', '/v1/usage/summary', '/v1/usage/origins']) {
      expect(Object.keys(paths[path]!.get!.responses)).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    }
    expect(paths['/dashboard/session']).toBeDefined();
  });
});

describe('usage origins and limits', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    await linkLicence(harness.db, { licenseKey: 'lk_busy_x', email: 'busy@example.com', now: new Date() });
  });
  afterAll(() => harness.close());

  it('keeps 100 origins per licence key and day and counts the opens of the rest under (other)', async () => {
    harness.clock.current = new Date('2026-03-05T10:00:00.000Z');
    for (let site = 0; site < 103; site += 1) {
      const response = await harness.request('/v1/collect', postReport(buildReport([doc(site)]), { 'x-license-key': 'lk_busy_x', origin: `https://site${site}.example` }));
      expect(response.status).toBe(202);
    }
    // A known origin keeps counting on its own after the cap is reached.
    await harness.request('/v1/collect', postReport(buildReport([doc(1)]), { 'x-license-key': 'lk_busy_x', origin: 'https://site0.example' }));

    const response = await harness.request('/v1/usage/origins?month=2026-03&license=lk_busy_x', { headers: admin });
    const { origins } = (await response.json()) as { origins: Array<{ origin: string; opens: number }> };
    expect(origins).toHaveLength(101);
    expect(origins.find((row) => row.origin === '(other)')?.opens).toBe(3);
    expect(origins.find((row) => row.origin === 'site0.example')?.opens).toBe(2);
  });

  it('answers 429 with Retry-After once a key has made 120 usage requests in a minute', async () => {
    harness.clock.current = new Date('2026-03-05T11:00:00.000Z');
    for (let request = 0; request < 120; request += 1) {
      expect((await harness.request('/v1/usage?month=2026-03', { headers: admin })).status).toBe(200);
    }
    const refused = await harness.request('/v1/usage?month=2026-03', { headers: admin });

    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('USAGE_RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe('60');
    harness.clock.current = new Date('2026-03-05T11:01:00.000Z');
    expect((await harness.request('/v1/usage?month=2026-03', { headers: admin })).status).toBe(200);
  });
});
