import type { Kysely } from 'kysely';

/**
 * Creates the accounts of organisations: an account owns licence keys and has member addresses,
 * whose API keys and dashboard sessions read that account's usage. An address belongs to one
 * account at most, and a licence key to one account at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('account_members')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_members_account_id').on('account_members').column('account_id').execute();
  await db.schema
    .createTable('account_licences')
    .addColumn('license_key', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('linked_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_licences_account_id').on('account_licences').column('account_id').execute();
}
