import type { ColumnType, Generated } from 'kysely';

/** One stored Yjs update of a room (or, after compaction, several merged into one). `id` is a `bigint`, read as a string. */
export interface RoomUpdatesTable {
  id: Generated<string>;
  room: string;
  update: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  stored_at: ColumnType<Date, Date, never>;
}

/** The tables of the rooms feature. */
export interface RoomTables {
  room_updates: RoomUpdatesTable;
}
