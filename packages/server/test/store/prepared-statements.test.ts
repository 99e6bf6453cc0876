import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

interface PreparedStatementRow {
  name: string;
  runs: number;
}

describe.each(storeKinds)('statements marked for preparation on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('are prepared once per connection under their name and then executed from the prepared plan', async () => {
    // One pinned connection: PostgreSQL keeps prepared statements per session.
    const prepared = await store.db.connection().execute(async (connection) => {
      for (const value of [1, 2, 3]) await sql`/* prepared: quire_test_double */ select ${value}::int * 2 as doubled`.execute(connection);
      await sql`select 41 + 1 as plain`.execute(connection);
      return sql<PreparedStatementRow>`select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements order by name`.execute(connection);
    });

    expect(prepared.rows).toEqual([{ name: 'quire_test_double', runs: 3 }]);
  });

  it('answer with the values of each execution', async () => {
    const results = await Promise.all([5, 6].map((value) => sql<{ doubled: number }>`/* prepared: quire_test_double */ select ${value}::int * 2 as doubled`.execute(store.db)));

    expect(results.map((result) => result.rows[0]?.doubled)).toEqual([10, 12]);
  });
});
