import type { ColumnType } from 'kysely';

/**
 * One billable document per license key and month (`YYYY-MM`, UTC, by server receive time),
 * filled with `INSERT ... ON CONFLICT DO NOTHING`; never purged.
 */
export interface BillingDocumentsTable {
  license_key: string;
  month: string;
  document_id: string;
  first_seen_at: ColumnType<Date, Date, never>;
}

/**
 * Opens per license key and UTC day: the daily opens of the usage report, kept (unlike raw
 * events) so that usage stays exact after the raw events are purged. `bigint`, read as a string.
 */
export interface UsageOpensTable {
  license_key: string;
  /** A `date`: written as `YYYY-MM-DD`, read by node-postgres as a local-midnight `Date` (format it in SQL). */
  day: ColumnType<Date, string, never>;
  opens: ColumnType<string, number, number>;
}

/** The tables of the usage feature. */
export interface UsageTables {
  billing_documents: BillingDocumentsTable;
  usage_opens: UsageOpensTable;
}
