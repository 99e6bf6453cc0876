import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ServerMetrics } from './server-metrics.js';

// Requests: the collection endpoint answers in a few milliseconds, conversions take seconds.
const requestSecondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const conversionSecondsBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const batchEventsBuckets = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2000];
const updateBytesBuckets = [16, 64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];
const commitSecondsBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * Returns {@link ServerMetrics} recorded as prom-client instruments registered in `registry` (and
 * nowhere else, so that servers and tests never share counters). Every name starts with `quire_`;
 * the README's operations section documents each one.
 */
export function createPrometheusMetrics(registry: Registry): ServerMetrics {
  const registers = [registry];
  let readConversionLoad = (): { active: number; waiting: number } => ({ active: 0, waiting: 0 });
  let probeStore = async (): Promise<boolean> => true;
  let readRooms = (): { rooms: number; connections: number } => ({ rooms: 0, connections: 0 });

  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'Requests answered, by method, route pattern and status; route "(unmatched)" for paths no route serves, "(unparsed)" for requests refused before routing.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time from the request reaching the router to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: requestSecondsBuckets,
    registers,
  });
  const conversions = new Counter({
    name: 'quire_conversions_total',
    help: 'Conversions that started, by engine, input and output format and outcome (ok, aborted, timeout, engine_failed...).',
    labelNames: ['engine', 'from', 'to', 'outcome'] as const,
    registers,
  });
  const conversionSeconds = new Histogram({
    name: 'quire_conversion_duration_seconds',
    help: 'Time a conversion ran, from getting its slot to its end, by engine, formats and outcome.',
    labelNames: ['engine', 'from', 'to', 'outcome'] as const,
    buckets: conversionSecondsBuckets,
    registers,
  });
  const conversionRejections = new Counter({
    name: 'quire_conversion_rejections_total',
    help: 'Conversion requests refused before starting: key_limit (429, the key has too many at once), queue_full (503) or queue_wait (503, waited past maxQueueWaitMs for a slot).',
    labelNames: ['reason'] as const,
    registers,
  });
  new Gauge({
    name: 'quire_conversions_waiting',
    help: 'Conversion requests admitted and waiting for a slot (uploading or queued): the conversion queue length.',
    registers,
    collect() {
      this.set(readConversionLoad().waiting);
    },
  });
  new Gauge({
    name: 'quire_conversions_running',
    help: 'Conversions running now.',
    registers,
    collect() {
      this.set(readConversionLoad().active);
    },
  });
  const batchEvents = new Histogram({
    name: 'quire_collect_batch_events',
    help: 'Events stored per group-commit transaction of POST /v1/collect.',
    buckets: batchEventsBuckets,
    registers,
  });
  const commitSeconds = new Histogram({
    name: 'quire_collect_commit_duration_seconds',
    help: 'Time to store one group-commit transaction of collected events, by outcome (committed or failed).',
    labelNames: ['outcome'] as const,
    buckets: commitSecondsBuckets,
    registers,
  });
  const storeErrors = new Counter({
    name: 'quire_store_errors_total',
    help: 'Store failures: unavailable (not reachable: refused or dropped connection, database gone) or query (the store refused a statement).',
    labelNames: ['kind'] as const,
    registers,
  });
  new Gauge({
    name: 'quire_store_up',
    help: '1 when the store answered a query during this scrape, 0 when it failed or took over 5 seconds.',
    registers,
    async collect() {
      this.set((await probeStore()) ? 1 : 0);
    },
  });
  const rateLimitRefusals = new Counter({
    name: 'quire_rate_limit_refusals_total',
    help: 'Requests answered 429 by a stored rate limit, by limit: register_ip, register_email, verify_ip, verify_email.',
    labelNames: ['limit'] as const,
    registers,
  });

  new Gauge({
    name: 'quire_rooms_open',
    help: 'Rooms loaded on this server: with at least one socket, or storing the last updates of one.',
    registers,
    collect() {
      this.set(readRooms().rooms);
    },
  });
  new Gauge({
    name: 'quire_room_connections',
    help: 'Room sockets open on this server.',
    registers,
    collect() {
      this.set(readRooms().connections);
    },
  });
  const roomUpdateBytes = new Histogram({
    name: 'quire_room_update_bytes',
    help: 'Size of each stored room update (the updates that arrived during one write are merged into one).',
    buckets: updateBytesBuckets,
    registers,
  });
  const roomPersistSeconds = new Histogram({
    name: 'quire_room_persist_duration_seconds',
    help: 'Time to store one room update, which its senders wait for before their acknowledgement.',
    buckets: commitSecondsBuckets,
    registers,
  });
  const roomRefusals = new Counter({
    name: 'quire_room_refusals_total',
    help: 'Room sockets closed on arrival, by close code: ROOM_TOKEN_INVALID, ROOM_TOKEN_EXPIRED, ROOM_TOKEN_OTHER_ROOM, ROOM_NAME_INVALID, ROOM_TOO_MANY_CONNECTIONS, ROOM_TOO_MANY_ROOMS, SERVER_SHUTTING_DOWN.',
    labelNames: ['code'] as const,
    registers,
  });

  // Series that exist from the start, so that rate() sees the first refusal or failure.
  for (const reason of ['key_limit', 'queue_full', 'queue_wait'] as const) conversionRejections.inc({ reason }, 0);
  for (const kind of ['unavailable', 'query'] as const) storeErrors.inc({ kind }, 0);

  return {
    requestAnswered({ method, route, status, seconds }) {
      requests.inc({ method, route, status });
      requestSeconds.observe({ method, route }, seconds);
    },
    requestRefusedBeforeRouting(status) {
      requests.inc({ method: '(unparsed)', route: '(unparsed)', status });
    },
    conversionFinished({ seconds, ...labels }) {
      conversions.inc(labels);
      conversionSeconds.observe(labels, seconds);
    },
    conversionRefused(reason) {
      conversionRejections.inc({ reason });
    },
    watchConversionLoad(read) {
      readConversionLoad = read;
    },
    collectBatchStored({ events, seconds, committed }) {
      if (committed) batchEvents.observe(events);
      commitSeconds.observe({ outcome: committed ? 'committed' : 'failed' }, seconds);
    },
    storeFailed(kind) {
      storeErrors.inc({ kind });
    },
    watchStore(probe) {
      probeStore = probe;
    },
    rateLimitRefused(limit) {
      rateLimitRefusals.inc({ limit });
    },
    watchRooms(read) {
      readRooms = read;
    },
    roomUpdateStored({ bytes, seconds }) {
      roomUpdateBytes.observe(bytes);
      roomPersistSeconds.observe(seconds);
    },
    roomRefused(code) {
      roomRefusals.inc({ code });
    },
  };
}
