import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/index.js';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

describe.each(storeKinds)('migration 0004-daily-opens on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
    // A store as the previous release left it: migrated up to 0003, with per-document daily rows.
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations }, migrationTableName: 'quire_migrations', migrationLockTableName: 'quire_migrations_lock' });
    const upTo0003 = await migrator.migrateTo('0003-server-settings');
    expect(upTo0003.error).toBeUndefined();
    await sql`
      insert into usage_days (license_key, day, document_id, opens) values
        ('org-a', '2026-02-01', 'doc-1', 2), ('org-a', '2026-02-01', 'doc-2', 1), ('org-a', '2026-02-14', 'doc-1', 4),
        ('org-b', '2026-02-01', 'doc-9', 7)`.execute(store.db);
  });
  afterAll(() => store.close());

  it('keeps every open as one counter per license key and day and drops the per-document rows', async () => {
    const result = await migrateToLatest(store.db);

    expect(result.applied).toContain('0004-daily-opens');
    const opens = await sql<{ license_key: string; day: string; opens: string }>`
      select license_key, to_char(day, 'YYYY-MM-DD') as day, opens from usage_opens order by license_key, day`.execute(store.db);
    expect(opens.rows).toEqual([
      { license_key: 'org-a', day: '2026-02-01', opens: '3' },
      { license_key: 'org-a', day: '2026-02-14', opens: '4' },
      { license_key: 'org-b', day: '2026-02-01', opens: '7' },
    ]);
    const oldTable = await sql<{ name: string | null }>`select to_regclass('usage_days')::text as name`.execute(store.db);
    expect(oldTable.rows).toEqual([{ name: null }]);
  });
});
