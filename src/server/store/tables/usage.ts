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
 * Opens per license key, UTC day and document: the per-day series of the usage report, kept
 * (unlike raw events) so that usage stays exact after the raw events are purged.
 */
export interface UsageDaysTable {
  license_key: string;
  day: ColumnType<string, string, never>;
  document_id: string;
  opens: ColumnType<number, number, number>;
}

/** The tables of the usage feature. */
export interface UsageTables {
  billing_documents: BillingDocumentsTable;
  usage_days: UsageDaysTable;
}
