import { sql, type Kysely } from 'kysely';

/** Creates the raw events, billing and per-day usage tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collect_events')
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('origin_host', 'text')
    .addColumn('library_version', 'text')
    .addColumn('document_id', 'text', (col) => col.notNull())
    .addColumn('opened_at', 'timestamptz', (col) => col.notNull())
    .addColumn('document_created_at', 'text')
    .addColumn('metadata', 'jsonb')
    .execute();
  // BRIN: rows arrive in received_at order, so a block-range index finds the purge cutoff while
  // costing almost nothing per insert (a B-tree would be updated on every event).
  await db.schema.createIndex('collect_events_received_at').on('collect_events').using('brin').column('received_at').execute();

  await db.schema
    .createTable('billing_documents')
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('month', sql`char(7)`, (col) => col.notNull())
    .addColumn('document_id', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('billing_documents_pkey', ['license_key', 'month', 'document_id'])
    .execute();

  await db.schema
    .createTable('usage_days')
    .addColumn('license_key', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('document_id', 'text', (col) => col.notNull())
    .addColumn('opens', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_days_pkey', ['license_key', 'day', 'document_id'])
    .execute();
}
