import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { LicenceScope } from './licence-scope.js';
import { listMonths } from './months.js';

/** Most months one summary covers. */
export const MAX_SUMMARY_MONTHS = 24;

/** The figures of one licence key in one month. */
export interface MonthFigures {
  month: string;
  billableDocuments: number;
  opens: number;
}

/** Billable documents and opens per month and licence key over a range of months. */
export interface UsageSummary {
  from: string;
  to: string;
  /** One row per licence key and month (zeros included), by month, then key. */
  rows: Array<MonthFigures & { licenseKey: string }>;
  /** The sums over the keys, one per month. */
  totals: MonthFigures[];
}

/**
 * Reads the monthly counters (never billing rows or raw events, so a range costs one index range
 * scan per key) of the keys in `scope` from `from` to `to` (`YYYY-MM`, at most
 * {@link MAX_SUMMARY_MONTHS} months; the caller checks). Listed keys get a row for every month;
 * `all` covers the keys with any usage in the range.
 */
export async function readUsageSummary(db: Kysely<Database>, scope: LicenceScope, from: string, to: string): Promise<UsageSummary> {
  if (scope.kind === 'keys' && scope.keys.length === 0) return summarise(from, to, [], []);
  let query = db.selectFrom('usage_months').select(['license_key', 'month', 'documents', 'opens']).where('month', '>=', from).where('month', '<=', to);
  if (scope.kind === 'keys') query = query.where('license_key', 'in', [...scope.keys]);
  const counters = await query.execute();
  const keys = scope.kind === 'keys' ? [...scope.keys] : [...new Set(counters.map((row) => row.license_key))];
  return summarise(from, to, keys.sort(), counters);
}

function summarise(from: string, to: string, keys: string[], counters: Array<{ license_key: string; month: string; documents: string; opens: string }>): UsageSummary {
  const byKeyAndMonth = new Map(counters.map((row) => [`${row.license_key}\n${row.month}`, row]));
  const rows: UsageSummary['rows'] = [];
  const totals: MonthFigures[] = [];
  for (const month of listMonths(from, to)) {
    const total = { month, billableDocuments: 0, opens: 0 };
    for (const licenseKey of keys) {
      const counter = byKeyAndMonth.get(`${licenseKey}\n${month}`);
      const row = { month, licenseKey, billableDocuments: Number(counter?.documents ?? 0), opens: Number(counter?.opens ?? 0) };
      rows.push(row);
      total.billableDocuments += row.billableDocuments;
      total.opens += row.opens;
    }
    totals.push(total);
  }
  return { from, to, rows, totals };
}
