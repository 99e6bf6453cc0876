import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { LicenceScope } from './licence-scope.js';
import { addMonths } from './months.js';
import { readUsageSummary, type MonthFigures, type UsageSummary } from './read-usage-summary.js';

/** Billable documents and opens in a month and in the month before it. */
export interface FiguresWithPrevious {
  billableDocuments: number;
  opens: number;
  previous: { billableDocuments: number; opens: number };
}

/** The figures a monthly usage e-mail shows: per licence key and in total, each against the previous month. */
export interface MonthlyUsageReport {
  /** `YYYY-MM`. */
  month: string;
  previousMonth: string;
  /** The keys with usage in either month (or every listed key), sorted. */
  licences: Array<FiguresWithPrevious & { licenseKey: string }>;
  total: FiguresWithPrevious;
}

/**
 * Reads the report of `month` for the keys in `scope` through {@link readUsageSummary} over that
 * month and the one before, so its figures are those of `GET /v1/usage/summary`.
 */
export async function readMonthlyUsageReport(db: Kysely<Database>, scope: LicenceScope, month: string): Promise<MonthlyUsageReport> {
  return buildMonthlyUsageReport(await readUsageSummary(db, scope, addMonths(month, -1), month));
}

/** Pairs each key's figures in the summary's last month with the month before; the summary covers exactly those two months. */
export function buildMonthlyUsageReport(summary: UsageSummary): MonthlyUsageReport {
  const { from: previousMonth, to: month } = summary;
  const pair = (current: MonthFigures | undefined, previous: MonthFigures | undefined): FiguresWithPrevious => ({
    billableDocuments: current?.billableDocuments ?? 0,
    opens: current?.opens ?? 0,
    previous: { billableDocuments: previous?.billableDocuments ?? 0, opens: previous?.opens ?? 0 },
  });
  const keys = [...new Set(summary.rows.map((row) => row.licenseKey))];
  const rowOf = (licenseKey: string, wanted: string) => summary.rows.find((row) => row.licenseKey === licenseKey && row.month === wanted);
  return {
    month,
    previousMonth,
    licences: keys.map((licenseKey) => ({ licenseKey, ...pair(rowOf(licenseKey, month), rowOf(licenseKey, previousMonth)) })),
    total: pair(
      summary.totals.find((total) => total.month === month),
      summary.totals.find((total) => total.month === previousMonth),
    ),
  };
}
