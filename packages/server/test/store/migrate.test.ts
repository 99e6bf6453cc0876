import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/index.js';
import { loadOrCreateServerSecret } from '../../src/store/server-secret.js';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

describe.each(storeKinds)('migrateToLatest on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('applies every migration once, in name order, and records them', async () => {
    const first = await migrateToLatest(store.db);
    const second = await migrateToLatest(store.db);

    expect(first.applied).toEqual(Object.keys(migrations).sort());
    expect(second.applied).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from quire_migrations order by name`.execute(store.db);
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  });

  it('creates the billing table with its (license_key, month, document_id) key', async () => {
    const columns = await sql<{ column_name: string }>`
      select a.attname as column_name
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = 'billing_documents'::regclass and i.indisprimary
      order by array_position(i.indkey, a.attnum)`.execute(store.db);
    expect(columns.rows.map((row) => row.column_name)).toEqual(['license_key', 'month', 'document_id']);
  });

  it('creates the server secret once and returns the same one afterwards', async () => {
    const first = await loadOrCreateServerSecret(store.db, () => new Uint8Array(32).fill(1));
    const second = await loadOrCreateServerSecret(store.db, () => new Uint8Array(32).fill(2));

    expect(first).toBe('01'.repeat(32));
    expect(second).toBe(first);
  });
});
