import type { Kysely } from 'kysely';

/**
 * Creates the dashboard sessions. Only the SHA-256 of a session token is stored; `api_key_id` is
 * set when the session was opened with an API key, so that revoking the key ends the session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('api_key_id', 'integer', (col) => col.references('api_keys.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dashboard_sessions_expires_at').on('dashboard_sessions').column('expires_at').execute();
}
