import type { Kysely } from 'kysely';

/** Creates the verification-code, API-key and rate-limit tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_codes')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('code_hmac', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('auth_codes_expires_at').on('auth_codes').column('expires_at').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();
  await db.schema.createIndex('api_keys_email').on('api_keys').column('email').execute();

  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('bucket', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_rate_limits_window_started_at').on('auth_rate_limits').column('window_started_at').execute();
}
