import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** One UTC day of a usage report. */
export interface UsageDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Distinct documents opened that day. */
  documents: number;
  /** Opens that day. */
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
 * Reads the usage of `licenseKey` in `month` (`YYYY-MM`, UTC) from the billing and per-day
 * tables, which survive the purge of raw events. A month without opens gives zeros and no days.
 */
export async function readUsage(db: Kysely<Database>, licenseKey: string, month: string): Promise<UsageReport> {
  const firstDay = `${month}-01`;
  const [billing, days] = await Promise.all([
    db
      .selectFrom('billing_documents')
      .select((eb) => eb.fn.countAll<string>().as('documents'))
      .where('license_key', '=', licenseKey)
      .where('month', '=', month)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('usage_days')
      .select([
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'),
        (eb) => eb.fn.countAll<string>().as('documents'),
        (eb) => eb.fn.sum<string>('opens').as('opens'),
      ])
      .where('license_key', '=', licenseKey)
      .where('day', '>=', sql<string>`${firstDay}::date`)
      .where('day', '<', sql<string>`(${firstDay}::date + interval '1 month')::date`)
      .groupBy('day')
      .orderBy('day')
      .execute(),
  ]);
  const series = days.map((day) => ({ date: day.date, documents: Number(day.documents), opens: Number(day.opens) }));
  return {
    licenseKey,
    month,
    billableDocuments: Number(billing.documents),
    opens: series.reduce((total, day) => total + day.opens, 0),
    days: series,
  };
}

/** Returns the license keys with any billed document in `month`, sorted. */
export async function listLicenseKeys(db: Kysely<Database>, month: string): Promise<string[]> {
  const rows = await db.selectFrom('billing_documents').select('license_key').distinct().where('month', '=', month).orderBy('license_key').execute();
  return rows.map((row) => row.license_key);
}
