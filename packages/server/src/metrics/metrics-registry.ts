import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * Returns a new prom-client registry holding Node's process metrics (`process_resident_memory_bytes`,
 * `nodejs_heap_size_used_bytes`, event-loop lag, GC...), for one server. prom-client's GC observer
 * and event-loop monitor stay for the life of the process, so create one per server, not per scrape.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
