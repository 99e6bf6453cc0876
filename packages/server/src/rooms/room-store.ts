import { sql, type Kysely } from 'kysely';
import { mergeUpdates } from 'yjs';
import type { Database } from '../store/schema.js';

/** The PostgreSQL channel on which servers tell each other about room updates and presence. */
export const ROOM_CHANNEL = 'quire_rooms';

/** A stored update: its row id (a `bigint` as text) and its bytes. */
export interface StoredRoomUpdate {
  id: string;
  update: Uint8Array;
}

/**
 * Appends `update` to the room's log and, in the same statement (so only once it is committed),
 * notifies {@link ROOM_CHANNEL} with `u <server> <room> <id>` for the other servers on this
 * store. Resolves to the new row's id once committed; rejects, storing nothing, on failure.
 */
export async function appendRoomUpdate(db: Kysely<Database>, input: { server: string; room: string; update: Uint8Array; now: Date }): Promise<string> {
  const { rows } = await sql<{ id: string }>`/* prepared: quire_room_append */
    with inserted as (
      insert into room_updates (room, update, stored_at) values (${input.room}, ${toBuffer(input.update)}, ${input.now}) returning id
    )
    select id, pg_notify(${ROOM_CHANNEL}, ${`u ${input.server} ${input.room} `} || id::text) from inserted`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('appending a room update returned no row');
  return String(row.id);
}

/**
 * Tells the other servers on this store about presence in a room (`a <server> <room> <base64
 * awareness update>`) or, with no update, asks them for theirs (`q <server> <room> ?`): a server
 * that has just loaded a room knows nobody's presence until they next renew it (15 s).
 */
export async function notifyRoomPresence(db: Kysely<Database>, input: { server: string; room: string; update?: Uint8Array }): Promise<void> {
  const payload = input.update === undefined ? `q ${input.server} ${input.room} ?` : `a ${input.server} ${input.room} ${Buffer.from(input.update).toString('base64')}`;
  await sql`select pg_notify(${ROOM_CHANNEL}, ${payload})`.execute(db);
}

/** Every stored update of `room`, oldest first. */
export async function readRoomUpdates(db: Kysely<Database>, room: string): Promise<StoredRoomUpdate[]> {
  const rows = await db.selectFrom('room_updates').select(['id', 'update']).where('room', '=', room).orderBy('id').execute();
  return rows.map((row) => ({ id: String(row.id), update: new Uint8Array(row.update) }));
}

/** The stored updates of `room` among `ids` (those compaction has not merged away), oldest first. */
export async function readRoomUpdatesById(db: Kysely<Database>, room: string, ids: readonly string[]): Promise<StoredRoomUpdate[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('room_updates').select(['id', 'update']).where('room', '=', room).where('id', 'in', [...ids]).orderBy('id').execute();
  return rows.map((row) => ({ id: String(row.id), update: new Uint8Array(row.update) }));
}

/**
 * Merges the oldest `maxRows` stored updates of `room` into its first row (`Y.mergeUpdates`) and
 * deletes the others, in one transaction under a lock on the room, so that two servers never
 * compact one room at once. Rows are named by id, never by range: a row committed later with a
 * smaller id is left for the next compaction. Resolves to the number of rows merged away.
 */
export async function compactRoomUpdates(db: Kysely<Database>, room: string, maxRows: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`quire_room ${room}`}))`.execute(trx);
    const rows = await trx.selectFrom('room_updates').select(['id', 'update']).where('room', '=', room).orderBy('id').limit(maxRows).execute();
    const [first, ...rest] = rows;
    if (first === undefined || rest.length === 0) return 0;
    const merged = mergeUpdates(rows.map((row) => new Uint8Array(row.update)));
    await trx.updateTable('room_updates').set({ update: toBuffer(merged) }).where('id', '=', first.id).execute();
    await trx.deleteFrom('room_updates').where('id', 'in', rest.map((row) => row.id)).execute();
    return rest.length;
  });
}

// node-postgres sends a Buffer as bytea; a plain Uint8Array would be sent as text.
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
