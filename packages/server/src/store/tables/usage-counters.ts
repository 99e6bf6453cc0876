import type { ColumnType } from 'kysely';

/** Billable documents and opens per licence key and month, added to by every collected batch. `bigint`, read as strings. */
export interface UsageMonthsTable {
  license_key: string;
  month: string;
  documents: ColumnType<string, number, number>;
  opens: ColumnType<string, number, number>;
}

/** Opens per licence key, UTC day and page origin (host name, `(other)` or `(unknown)`). */
export interface UsageOriginsTable {
  license_key: string;
  day: ColumnType<Date, string, never>;
  origin: string;
  opens: ColumnType<string, number, number>;
}

/** The counters usage summaries and origins are read from. */
export interface UsageCounterTables {
  usage_months: UsageMonthsTable;
  usage_origins: UsageOriginsTable;
}
