import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { LicenceScope } from './licence-scope.js';

/** Opens from one page origin under one licence key in a month. */
export interface OriginFigures {
  licenseKey: string;
  /** A host name, `(other)` for origins beyond the daily cap, or `(unknown)`. */
  origin: string;
  opens: number;
  /** Days of the month with opens from this origin. */
  days: number;
  /** First and last such day, `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
}

/** Where the licence keys of a scope were used in a month. */
export interface UsageOrigins {
  month: string;
  /** Most opens first, then by key and origin. */
  origins: OriginFigures[];
}

/** Reads the opens per page origin of the keys in `scope` in `month` from the daily origin counters. */
export async function readUsageOrigins(db: Kysely<Database>, scope: LicenceScope, month: string): Promise<UsageOrigins> {
  if (scope.kind === 'keys' && scope.keys.length === 0) return { month, origins: [] };
  const firstDay = `${month}-01`;
  let query = db
    .selectFrom('usage_origins')
    .select([
      'license_key',
      'origin',
      sql<string>`sum(opens)`.as('opens'),
      sql<string>`count(*)`.as('days'),
      sql<string>`to_char(min(day), 'YYYY-MM-DD')`.as('first_day'),
      sql<string>`to_char(max(day), 'YYYY-MM-DD')`.as('last_day'),
    ])
    .where('day', '>=', sql<Date>`${firstDay}::date`)
    .where('day', '<', sql<Date>`(${firstDay}::date + interval '1 month')::date`)
    .groupBy(['license_key', 'origin'])
    .orderBy(sql`sum(opens)`, 'desc')
    .orderBy('license_key')
    .orderBy('origin');
  if (scope.kind === 'keys') query = query.where('license_key', 'in', [...scope.keys]);
  const rows = await query.execute();
  return {
    month,
    origins: rows.map((row) => ({
      licenseKey: row.license_key,
      origin: row.origin,
      opens: Number(row.opens),
      days: Number(row.days),
      firstDay: row.first_day,
      lastDay: row.last_day,
    })),
  };
}
