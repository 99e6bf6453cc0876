import { toCsv } from '../http/csv.js';
import type { UsageReport } from './read-usage.js';
import type { UsageOrigins } from './read-usage-origins.js';
import type { UsageSummary } from './read-usage-summary.js';

/** The days of each report as CSV: `date,license_key,new_documents,opens`, by date, then key. */
export function usageDaysToCsv(reports: readonly UsageReport[]): string {
  const rows = reports
    .flatMap((report) => report.days.map((day) => [day.date, report.licenseKey, day.documents, day.opens] as const))
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
  return toCsv(['date', 'license_key', 'new_documents', 'opens'], rows);
}

/** A summary as CSV: `month,license_key,billable_documents,opens`, by month, then key. */
export function usageSummaryToCsv(summary: UsageSummary): string {
  return toCsv(['month', 'license_key', 'billable_documents', 'opens'], summary.rows.map((row) => [row.month, row.licenseKey, row.billableDocuments, row.opens]));
}

/** Origins as CSV: `month,license_key,origin,opens,days,first_day,last_day`, most opens first. */
export function usageOriginsToCsv(origins: UsageOrigins): string {
  return toCsv(
    ['month', 'license_key', 'origin', 'opens', 'days', 'first_day', 'last_day'],
    origins.origins.map((row) => [origins.month, row.licenseKey, row.origin, row.opens, row.days, row.firstDay, row.lastDay]),
  );
}
