import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/index.js';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

describe.each(storeKinds)('migration 0006-usage-counters on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
    // A store as the previous release left it: billing rows, daily opens and raw events, no counters.
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations }, migrationTableName: 'quire_migrations', migrationLockTableName: 'quire_migrations_lock' });
    expect((await migrator.migrateTo('0005-accounts')).error).toBeUndefined();
    await sql`
      insert into billing_documents (license_key, month, document_id, first_seen_at) values
        ('org-a', '2026-01', 'doc-1', '2026-01-03T10:00:00Z'), ('org-a', '2026-02', 'doc-1', '2026-02-01T10:00:00Z'),
        ('org-a', '2026-02', 'doc-2', '2026-02-02T10:00:00Z')`.execute(store.db);
    await sql`
      insert into usage_opens (license_key, day, opens) values
        ('org-a', '2026-01-03', 2), ('org-a', '2026-02-01', 3), ('org-a', '2026-02-02', 1)`.execute(store.db);
    await sql`
      insert into collect_events (received_at, license_key, origin_host, library_version, document_id, opened_at) values
        ('2026-02-01T10:00:00Z', 'org-a', 'app.example.com', '1', 'doc-1', '2026-02-01T10:00:00Z'),
        ('2026-02-01T11:00:00Z', 'org-a', 'app.example.com', '1', 'doc-1', '2026-02-01T11:00:00Z'),
        ('2026-02-01T12:00:00Z', 'org-a', null, '1', 'doc-1', '2026-02-01T12:00:00Z')`.execute(store.db);
  });
  afterAll(() => store.close());

  it('fills the monthly counters from the billing rows and daily opens, and the origins from the raw events kept', async () => {
    const result = await migrateToLatest(store.db);

    // 0006 and every migration after it.
    expect(result.applied).toEqual(Object.keys(migrations).filter((name) => name >= '0006'));
    const months = await store.db.selectFrom('usage_months').selectAll().orderBy('month').execute();
    expect(months).toEqual([
      { license_key: 'org-a', month: '2026-01', documents: '1', opens: '2' },
      { license_key: 'org-a', month: '2026-02', documents: '2', opens: '4' },
    ]);
    const origins = await sql<{ origin: string; opens: string }>`select origin, opens from usage_origins order by origin`.execute(store.db);
    expect(origins.rows).toEqual([
      { origin: '(unknown)', opens: '1' },
      { origin: 'app.example.com', opens: '2' },
    ]);
  });
});
