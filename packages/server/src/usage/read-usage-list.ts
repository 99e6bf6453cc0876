import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { LicenceScope } from './licence-scope.js';
import { listLicenseKeys, readUsage, type UsageDay, type UsageReport } from './read-usage.js';

/** The usage of several licence keys in one month, each with its figures, and their total. */
export interface UsageList {
  month: string;
  licences: UsageReport[];
  /** The sums over `licences`; `days` adds up each day's documents and opens. */
  total: { billableDocuments: number; opens: number; days: UsageDay[] };
}

/**
 * Reads the usage in `month` of every key in `scope`: the listed keys (also those without usage,
 * as zeros), or for `all` every key with a billed document in the month. Sorted by key.
 */
export async function readUsageList(db: Kysely<Database>, scope: LicenceScope, month: string): Promise<UsageList> {
  const keys = scope.kind === 'all' ? await listLicenseKeys(db, month) : [...scope.keys].sort();
  const licences = await Promise.all(keys.map((key) => readUsage(db, key, month)));
  const days = new Map<string, UsageDay>();
  for (const day of licences.flatMap((licence) => licence.days)) {
    const sum = days.get(day.date) ?? days.set(day.date, { date: day.date, documents: 0, opens: 0 }).get(day.date)!;
    sum.documents += day.documents;
    sum.opens += day.opens;
  }
  return {
    month,
    licences,
    total: {
      billableDocuments: licences.reduce((total, licence) => total + licence.billableDocuments, 0),
      opens: licences.reduce((total, licence) => total + licence.opens, 0),
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    },
  };
}
