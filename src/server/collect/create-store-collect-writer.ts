import type { ServerStore } from '../store/open-database.js';
import { createCollectWriter, type CollectWriter } from './collect-writer.js';
import { storeCollectedEvents } from './store-collected-events.js';

/**
 * Returns the group-commit writer of collected events into `store`, batched for its kind: PGlite
 * is one connection, so one batch at a time; PostgreSQL commits two side by side.
 */
export function createStoreCollectWriter({ db, kind }: ServerStore): CollectWriter {
  return createCollectWriter({
    store: (events) => storeCollectedEvents(db, events),
    maxConcurrentBatches: kind === 'pglite' ? 1 : 2,
    maxBatchEvents: 2000,
  });
}
