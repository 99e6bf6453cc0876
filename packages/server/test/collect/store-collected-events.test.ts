import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectedEvent } from '../../src/collect/collected-event.js';
import { purgeExpiredEvents } from '../../src/collect/purge-expired-events.js';
import { storeCollectedEvents } from '../../src/collect/store-collected-events.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

function eventFor(licenseKey: string, documentId: string, receivedAt = '2026-03-10T10:00:00.000Z'): CollectedEvent {
  return {
    receivedAt: new Date(receivedAt),
    licenseKey,
    originHost: 'example.com',
    libraryVersion: '1.0.0',
    documentId,
    openedAt: receivedAt,
    documentCreatedAt: null,
    metadata: null,
  };
}

describe.each(storeKinds)('storeCollectedEvents on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await migrateToLatest(store.db);
  });
  afterAll(() => store.close());

  const count = async (table: 'collect_events' | 'billing_documents', licenseKey: string) =>
    Number(
      (await store.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('license_key', '=', licenseKey).executeTakeFirstOrThrow()).n,
    );

  it('stores a large batch in one go, with one billing row per document', async () => {
    const events = Array.from({ length: 5000 }, (_, index) => eventFor('org-big', `doc-${index % 2500}`));
    await storeCollectedEvents(store.db, events);

    expect(await count('collect_events', 'org-big')).toBe(5000);
    expect(await count('billing_documents', 'org-big')).toBe(2500);
  });

  it('stores every field of an event as sent: times, texts and metadata as a JSON object', async () => {
    const event: CollectedEvent = {
      ...eventFor('org-fields', 'doc-fields', '2026-03-10T10:00:00.123Z'),
      originHost: 'docs.example.org',
      libraryVersion: '2.1.0-beta.1',
      openedAt: '2026-03-10T11:59:58.5+02:00',
      documentCreatedAt: '2024-03-01T10:00:00Z',
      metadata: JSON.stringify({ plan: 'pro', seats: 12, nested: { 'ü': 'ö "quoted" \\ back' }, tags: ['a', null] }),
    };
    await storeCollectedEvents(store.db, [event]);

    const row = await store.db.selectFrom('collect_events').selectAll().where('license_key', '=', 'org-fields').executeTakeFirstOrThrow();
    expect(new Date(row.received_at).toISOString()).toBe('2026-03-10T10:00:00.123Z');
    expect(new Date(row.opened_at).toISOString()).toBe('2026-03-10T09:59:58.500Z');
    expect([row.origin_host, row.library_version, row.document_id, row.document_created_at]).toEqual(['docs.example.org', '2.1.0-beta.1', 'doc-fields', '2024-03-01T10:00:00Z']);
    expect(row.metadata).toEqual({ plan: 'pro', seats: 12, nested: { 'ü': 'ö "quoted" \\ back' }, tags: ['a', null] });
  });

  it('stores nothing when any statement of the batch fails', async () => {
    const events = [eventFor('org-atomic', 'doc-1'), { ...eventFor('org-atomic', 'doc-2'), metadata: '{not json' }];
    await expect(storeCollectedEvents(store.db, events)).rejects.toThrow();

    expect(await count('collect_events', 'org-atomic')).toBe(0);
    expect(await count('billing_documents', 'org-atomic')).toBe(0);
  });

  it('purges raw events past the retention period and keeps billing rows', async () => {
    await storeCollectedEvents(store.db, [
      eventFor('org-retention', 'old', '2026-01-01T00:00:00.000Z'),
      eventFor('org-retention', 'recent', '2026-03-30T00:00:00.000Z'),
    ]);
    const purged = await purgeExpiredEvents(store.db, new Date('2026-04-01T00:00:00.000Z'), 30);

    expect(purged).toBeGreaterThanOrEqual(1);
    const remaining = await store.db.selectFrom('collect_events').select('document_id').where('license_key', '=', 'org-retention').execute();
    expect(remaining).toEqual([{ document_id: 'recent' }]);
    expect(await count('billing_documents', 'org-retention')).toBe(2);
  });
});
