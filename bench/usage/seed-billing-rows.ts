// Seeds a store the way a busy deployment of the previous release left it, then lets migration
// 0006-usage-counters fill the monthly counters from it exactly as it does on upgrade.
import { Migrator, sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../packages/server/src/store/migrate.js';
import { migrations } from '../../packages/server/src/store/migrations/index.js';
import type { Database } from '../../packages/server/src/store/schema.js';

/** The seeded licence keys and months: `bench-key-000` to `-099`, 2024-11 to 2026-10. */
export const seededKeys = 100;
export const seededMonths = { from: '2024-11', to: '2026-10', count: 24 };

/**
 * On an empty store: migrates to `0005-accounts`, inserts `rows` billing rows spread evenly over
 * {@link seededKeys} keys and {@link seededMonths} months (one `generate_series` statement, 64-hex
 * document ids like real ones) plus each key's daily opens, then migrates to the latest, whose
 * backfill counts them into `usage_months`, and analyzes the tables.
 */
export async function seedBillingRows(db: Kysely<Database>, rows: number): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableName: 'quire_migrations', migrationLockTableName: 'quire_migrations_lock' });
  const { error } = await migrator.migrateTo('0005-accounts');
  if (error !== undefined) throw error;
  const cells = seededKeys * seededMonths.count;
  // Row i belongs to key i % 100 and month (i / 100) % 24, so every key-month gets rows / 2400 documents.
  await sql`
    insert into billing_documents (license_key, month, document_id, first_seen_at)
    select 'bench-key-' || lpad((i % ${sql.lit(seededKeys)})::text, 3, '0'),
           to_char(month_start, 'YYYY-MM'),
           lpad(to_hex(i / ${sql.lit(cells)}), 64, '0'),
           month_start + ((i / ${sql.lit(cells)}) % 28) * interval '1 day'
    from generate_series(0::bigint, ${sql.lit(rows - 1)}::bigint) as i,
         lateral (select timestamptz ${sql.lit(`${seededMonths.from}-01T00:00:00Z`)} + ((i / ${sql.lit(seededKeys)}) % ${sql.lit(seededMonths.count)}) * interval '1 month' as month_start) as month
  `.execute(db);
  await sql`
    insert into usage_opens (license_key, day, opens)
    select 'bench-key-' || lpad(k::text, 3, '0'), day::date, 3 + k % 7
    from generate_series(0, ${sql.lit(seededKeys - 1)}) as k,
         generate_series(date ${sql.lit(`${seededMonths.from}-01`)}, date ${sql.lit(`${seededMonths.to}-01`)} + interval '1 month' - interval '1 day', interval '1 day') as day
  `.execute(db);
  await migrateToLatest(db);
  await sql`analyze`.execute(db);
}
