import type { ColumnType, Generated } from 'kysely';

/**
 * One raw telemetry event as received (kept for the retention period, then purged).
 * `received_at` is the server's clock; `opened_at` is the client's `events[].timestamp`.
 */
export interface CollectEventsTable {
  id: Generated<string>;
  received_at: ColumnType<Date, Date, never>;
  license_key: string;
  origin_host: string | null;
  library_version: string | null;
  document_id: string;
  opened_at: ColumnType<Date, Date | string, never>;
  document_created_at: string | null;
  /** The integrator's metadata as JSON text on insert, parsed on read. */
  metadata: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** The tables of the collection feature. */
export interface CollectionTables {
  collect_events: CollectEventsTable;
}
