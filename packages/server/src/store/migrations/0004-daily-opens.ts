import { sql, type Kysely } from 'kysely';

/**
 * Replaces the per-document daily rows (`usage_days`, one row per license key, day and document,
 * never purged) with one counter per license key and day (`usage_opens`). Opens per day and month
 * are kept exactly; the daily count of documents now comes from the billing table (documents
 * first seen that day), so which documents were opened again on later days is no longer kept.
 * Each stored event writes one index entry fewer, and the table no longer grows with documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_opens')
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('opens', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_opens_pkey', ['license_key', 'day'])
    .execute();
  await sql`
    insert into usage_opens (license_key, day, opens)
    select license_key, day, sum(opens) from usage_days group by license_key, day
  `.execute(db);
  await db.schema.dropTable('usage_days').execute();
}
