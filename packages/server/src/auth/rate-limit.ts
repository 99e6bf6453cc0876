import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** A limit of `limit` hits per `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The outcome of {@link consumeRateLimit}: allowed, or refused with the seconds until the window ends. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit on `bucket` and says whether it is within `rule`. Fixed windows that start at a
 * bucket's first hit, kept in the store so every server instance shares them; the read-and-count
 * is one atomic upsert, so concurrent requests cannot both take the last slot.
 */
export async function consumeRateLimit(db: Kysely<Database>, bucket: string, rule: RateLimit, now: Date): Promise<RateLimitDecision> {
  const windowStartedBefore = new Date(now.getTime() - rule.windowSeconds * 1000);
  const row = await db
    .insertInto('auth_rate_limits')
    .values({ bucket, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('bucket').doUpdateSet({
        // Both expressions read the row as it was before the update (PostgreSQL UPDATE semantics).
        window_started_at: sql<Date>`case when auth_rate_limits.window_started_at <= ${windowStartedBefore} then excluded.window_started_at else auth_rate_limits.window_started_at end`,
        hits: sql<number>`case when auth_rate_limits.window_started_at <= ${windowStartedBefore} then 1 else auth_rate_limits.hits + 1 end`,
      }),
    )
    .returning(['window_started_at', 'hits'])
    .executeTakeFirstOrThrow();
  if (row.hits <= rule.limit) return { allowed: true };
  const windowEndsAt = new Date(row.window_started_at).getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)) };
}

/** Deletes the counters whose window ended before `now` minus `maxWindowSeconds`; returns how many. */
export async function purgeRateLimits(db: Kysely<Database>, maxWindowSeconds: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - maxWindowSeconds * 1000);
  const result = await db.deleteFrom('auth_rate_limits').where('window_started_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
