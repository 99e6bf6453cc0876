import type { Kysely } from 'kysely';

/**
 * Creates the log of room updates: each Yjs update as it was stored, before the server
 * acknowledged it; compaction later merges a room's rows into its first one. Rows are read by
 * room in id order (loading a room) and by id (another server's notification).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('room_updates')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('room', 'text', (col) => col.notNull())
    .addColumn('update', 'bytea', (col) => col.notNull())
    .addColumn('stored_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('room_updates_room_id').on('room_updates').columns(['room', 'id']).execute();
}
