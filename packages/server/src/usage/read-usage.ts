import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** One UTC day of a usage report. */
export interface UsageDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Documents billed from that day on: first seen in the month that day. The days add up to the month's billable documents. */
  documents: number;
  /** Opens that day, repeated opens included. */
  opens: number;
}

/** Usage of one license key in one month. */
export interface UsageReport {
  licenseKey: string;
  /** `YYYY-MM`. */
  month: string;
  /** Distinct document ids seen in the month: what is billed. */
  billableDocuments: number;
  /** Every open in the month, repeated opens included. */
  opens: number;
  /** Days with at least one open, in date order. */
  days: UsageDay[];
}

/**
 * Reads the usage of `licenseKey` in `month` (`YYYY-MM`, UTC) from the billing and daily opens
 * tables, which survive the purge of raw events. A month without opens gives zeros and no days.
 */
export async function readUsage(db: Kysely<Database>, licenseKey: string, month: string): Promise<UsageReport> {
  const firstDay = `${month}-01`;
  const [newDocuments, opens] = await Promise.all([
    db
      .selectFrom('billing_documents')
      .select([sql<string>`to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD')`.as('date'), (eb) => eb.fn.countAll<string>().as('documents')])
      .where('license_key', '=', licenseKey)
      .where('month', '=', month)
      .groupBy('date')
      .execute(),
    db
      .selectFrom('usage_opens')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), 'opens'])
      .where('license_key', '=', licenseKey)
      .where('day', '>=', sql<Date>`${firstDay}::date`)
      .where('day', '<', sql<Date>`(${firstDay}::date + interval '1 month')::date`)
      .execute(),
  ]);
  // Both are written in the same transaction, so a day with new documents also has opens.
  const days = new Map<string, UsageDay>();
  const dayOf = (date: string) => days.get(date) ?? days.set(date, { date, documents: 0, opens: 0 }).get(date)!;
  for (const row of newDocuments) dayOf(row.date).documents = Number(row.documents);
  for (const row of opens) dayOf(row.date).opens = Number(row.opens);
  const series = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  return {
    licenseKey,
    month,
    billableDocuments: series.reduce((total, day) => total + day.documents, 0),
    opens: series.reduce((total, day) => total + day.opens, 0),
    days: series,
  };
}

/** Returns the license keys with any billed document in `month`, sorted. */
export async function listLicenseKeys(db: Kysely<Database>, month: string): Promise<string[]> {
  const rows = await db.selectFrom('billing_documents').select('license_key').distinct().where('month', '=', month).orderBy('license_key').execute();
  return rows.map((row) => row.license_key);
}
