import { sql, type Kysely } from 'kysely';
import { MAX_ORIGINS_PER_LICENSE_DAY, OTHER_ORIGINS, UNKNOWN_ORIGIN } from '../../usage/origin-buckets.js';

/**
 * Adds the counters that usage summaries and origins are read from, so that no read scans billing
 * rows or raw events: billable documents and opens per licence key and month (`usage_months`), and
 * opens per licence key, day and page origin (`usage_origins`, at most
 * {@link MAX_ORIGINS_PER_LICENSE_DAY} origins per licence and day, the rest under `(other)`).
 * Both are filled from what the store already holds: billing rows and daily opens for the months,
 * the raw events still within retention for the origins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_months')
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('month', sql`char(7)`, (col) => col.notNull())
    .addColumn('documents', 'bigint', (col) => col.notNull())
    .addColumn('opens', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_months_pkey', ['license_key', 'month'])
    .execute();
  await db.schema
    .createTable('usage_origins')
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('opens', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_origins_pkey', ['license_key', 'day', 'origin'])
    .execute();

  await sql`
    insert into usage_months (license_key, month, documents, opens)
    select license_key, month, sum(documents), sum(opens) from (
      select license_key, month, count(*) as documents, 0 as opens from billing_documents group by 1, 2
      union all
      select license_key, to_char(day, 'YYYY-MM'), 0, sum(opens) from usage_opens group by 1, 2
    ) as counts
    group by 1, 2
  `.execute(db);
  await sql`
    insert into usage_origins (license_key, day, origin, opens)
    select license_key, day, case when rank <= ${sql.lit(MAX_ORIGINS_PER_LICENSE_DAY)} then origin else ${sql.lit(OTHER_ORIGINS)} end, sum(opens)
    from (
      select license_key, day, origin, opens, row_number() over (partition by license_key, day order by opens desc, origin) as rank
      from (
        select license_key, (received_at at time zone 'UTC')::date as day, coalesce(origin_host, ${sql.lit(UNKNOWN_ORIGIN)}) as origin, count(*) as opens
        from collect_events group by 1, 2, 3
      ) as per_origin
    ) as ranked
    group by 1, 2, 3
  `.execute(db);
}
