import type { Kysely } from 'kysely';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { Database } from '../store/schema.js';
import { consumeRateLimit, type RateLimit } from './rate-limit.js';

/** One bucket and the limit that applies to it. */
export interface RateLimitCheck {
  /** `<action>:<subject kind>:<subject>`, e.g. `register:ip:203.0.113.7`. */
  bucket: string;
  rule: RateLimit;
}

/**
 * Counts a hit on each bucket in order and throws `refusal` (default `AUTH_RATE_LIMITED`; 429, `Retry-After` in
 * seconds per RFC 9110 section 10.2.3) at the first one over its limit, reporting the refusal to
 * `metrics` as `<action>_<subject kind>`; later buckets are not counted.
 */
export async function enforceRateLimits(
  db: Kysely<Database>,
  checks: RateLimitCheck[],
  now: Date,
  metrics: ServerMetrics,
  refusal: ErrorCode = 'AUTH_RATE_LIMITED',
): Promise<void> {
  for (const { bucket, rule } of checks) {
    const decision = await consumeRateLimit(db, bucket, rule, now);
    if (!decision.allowed) {
      metrics.rateLimitRefused(bucket.split(':', 2).join('_'));
      throw new ApiError(refusal, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
        details: { retryAfterSeconds: decision.retryAfterSeconds },
      });
    }
  }
}
