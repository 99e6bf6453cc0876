import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../../../test/support/test-stores.js';
import { buildReport, postReport, startServerHarness, type ServerHarness } from '../server-harness.js';

const docA = 'a'.repeat(64);
const docB = 'b'.repeat(64);

describe.each(storeKinds)('POST /v1/collect on %s', (kind) => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness(kind);
  });
  afterAll(() => harness.close());

  const rawEvents = (licenseKey: string) =>
    harness.db.selectFrom('collect_events').selectAll().where('license_key', '=', licenseKey).orderBy('id').execute();
  const billingRows = (licenseKey: string) =>
    harness.db.selectFrom('billing_documents').selectAll().where('license_key', '=', licenseKey).orderBy('document_id').execute();

  it('answers 202 and stores the raw event, its billing row and its daily open', async () => {
    const report = buildReport([docA], { metadata: { plan: 'team', nested: { depth: 2 } } });
    const response = await harness.request('/v1/collect', postReport(report, { 'x-license-key': 'org-store-1' }));

    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });
    const [event] = await rawEvents('org-store-1');
    expect(event).toMatchObject({
      license_key: 'org-store-1',
      origin_host: 'app.example.com',
      library_version: '0.1.0',
      document_id: docA,
      document_created_at: '2024-03-01T10:00:00Z',
      metadata: { plan: 'team', nested: { depth: 2 } },
    });
    expect(event?.received_at.toISOString()).toBe('2026-01-31T09:15:00.000Z');
    expect(event?.opened_at.toISOString()).toBe('2026-01-31T09:14:59.123Z');
    expect(await billingRows('org-store-1')).toEqual([
      { license_key: 'org-store-1', month: '2026-01', document_id: docA, first_seen_at: new Date('2026-01-31T09:15:00.000Z') },
    ]);
    const days = await harness.db
      .selectFrom('usage_opens')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'opens'])
      .where('license_key', '=', 'org-store-1')
      .execute();
    expect(days).toEqual([{ day: '2026-01-31', opens: '1' }]);
  });

  it('answers 202 for a duplicate and bills the document once while keeping every open', async () => {
    const headers = { 'x-license-key': 'org-duplicates' };
    expect((await harness.request('/v1/collect', postReport(buildReport([docA]), headers))).status).toBe(202);
    expect((await harness.request('/v1/collect', postReport(buildReport([docA, docB]), headers))).status).toBe(202);

    expect(await rawEvents('org-duplicates')).toHaveLength(3);
    expect((await billingRows('org-duplicates')).map((row) => row.document_id)).toEqual([docA, docB]);
    const opens = await harness.db.selectFrom('usage_opens').select('opens').where('license_key', '=', 'org-duplicates').execute();
    expect(opens).toEqual([{ opens: '3' }]);
  });

  it('files reports without a license key, or with an empty one, under the community key', async () => {
    const before = (await rawEvents('community-and-eval-agplv3')).length;
    expect((await harness.request('/v1/collect', postReport(buildReport([docA])))).status).toBe(202);
    expect((await harness.request('/v1/collect', postReport(buildReport([docB]), { 'x-license-key': '  ' }))).status).toBe(202);

    expect((await rawEvents('community-and-eval-agplv3')).length).toBe(before + 2);
  });

  it('accepts superdocVersion as the library version', async () => {
    const { libraryVersion: _, ...report } = buildReport([docA]);
    const response = await harness.request('/v1/collect', postReport({ ...report, superdocVersion: '1.11.0' }, { 'x-license-key': 'org-alias' }));

    expect(response.status).toBe(202);
    expect((await rawEvents('org-alias'))[0]?.library_version).toBe('1.11.0');
  });

  it('takes the origin host from the Origin header over the reported hostname', async () => {
    await harness.request('/v1/collect', postReport(buildReport([docA]), { 'x-license-key': 'org-origin', origin: 'https://Editor.Example.org:8443' }));

    expect((await rawEvents('org-origin'))[0]?.origin_host).toBe('editor.example.org');
  });

  it('stores every report of many concurrent requests and bills each document once', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => index.toString(16).padStart(64, '0'));
    const responses = await Promise.all(
      ids.flatMap((id) => [1, 2].map(() => harness.request('/v1/collect', postReport(buildReport([id]), { 'x-license-key': 'org-concurrent' })))),
    );

    expect(responses.map((response) => response.status)).toEqual(Array(80).fill(202));
    expect(await rawEvents('org-concurrent')).toHaveLength(80);
    expect(await billingRows('org-concurrent')).toHaveLength(40);
  });

  it('bills by the UTC month in which the server received the report', async () => {
    harness.clock.current = new Date('2026-02-01T00:00:00.000Z');
    await harness.request('/v1/collect', postReport(buildReport([docA]), { 'x-license-key': 'org-months' }));
    harness.clock.current = new Date('2026-01-31T23:59:59.999Z');
    await harness.request('/v1/collect', postReport(buildReport([docA]), { 'x-license-key': 'org-months' }));

    expect((await billingRows('org-months')).map((row) => row.month).sort()).toEqual(['2026-01', '2026-02']);
  });
});
