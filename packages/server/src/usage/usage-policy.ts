import type { RateLimit } from '../auth/rate-limit.js';

/** Limits of the usage API; {@link defaultUsagePolicy} holds the documented values. */
export interface UsagePolicy {
  /** Usage requests per API key, per dashboard session's address, and for the admin token. */
  readsPerKey: RateLimit;
}

/** 120 usage requests a minute per key: a dashboard view takes four. */
export const defaultUsagePolicy: UsagePolicy = {
  readsPerKey: { limit: 120, windowSeconds: 60 },
};
