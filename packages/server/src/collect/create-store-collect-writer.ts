import { noServerMetrics, type ServerMetrics } from '../metrics/server-metrics.js';
import { classifyStoreFailure } from '../metrics/classify-store-failure.js';
import type { ServerStore } from '../store/open-database.js';
import type { CollectedEvent } from './collected-event.js';
import { createCollectWriter, type CollectWriter } from './collect-writer.js';
import { storeCollectedEvents } from './store-collected-events.js';

/**
 * Returns the group-commit writer of collected events into `store`, batched for its kind: PGlite
 * is one connection, so one batch at a time; PostgreSQL commits two side by side. Each
 * transaction's size, time and outcome, and its store failures, go to `metrics`.
 */
export function createStoreCollectWriter({ db, kind }: ServerStore, metrics: ServerMetrics = noServerMetrics): CollectWriter {
  async function storeBatch(events: readonly CollectedEvent[]): Promise<void> {
    const started = performance.now();
    try {
      await storeCollectedEvents(db, events);
      metrics.collectBatchStored({ events: events.length, seconds: (performance.now() - started) / 1000, committed: true });
    } catch (error) {
      metrics.collectBatchStored({ events: events.length, seconds: (performance.now() - started) / 1000, committed: false });
      const failure = classifyStoreFailure(error);
      if (failure !== undefined) metrics.storeFailed(failure);
      throw error;
    }
  }
  return createCollectWriter({ store: storeBatch, maxConcurrentBatches: kind === 'pglite' ? 1 : 2, maxBatchEvents: 2000 });
}
