import { isStoreOutage, StoreUnavailableError } from '../store/detect-store-outages.js';
import type { StoreFailure } from './server-metrics.js';

// A PostgreSQL error carries a five-character SQLSTATE (PostgreSQL manual, appendix A).
const sqlState = /^[0-9A-Z]{5}$/;

/**
 * Says whether `error` is a store failure and which: `unavailable` for an outage (see
 * `isStoreOutage`), `query` for a statement the store refused (any other SQLSTATE); undefined for
 * errors that did not come from the store.
 */
export function classifyStoreFailure(error: unknown): StoreFailure | undefined {
  if (error instanceof StoreUnavailableError) return 'unavailable';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !sqlState.test(code)) return undefined;
  return isStoreOutage(error) ? 'unavailable' : 'query';
}
