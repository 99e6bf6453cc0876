import { randomBytes as nodeRandomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { createEngines, type EngineRegistry, isEngineName } from '@quire/convert';
import { createApp } from './app.js';
import { createStoreCollectWriter } from './collect/create-store-collect-writer.js';
import { normalizeServerOptions, type ServerEnvironment, type ServerSettings } from './config/normalize-server-options.js';
import type { ServerConfig } from './config/server-config.js';
import { ServerOptionsError } from './config/server-options-error.js';
import { normalizeConvertLimits, type ConvertLimits } from './convert/convert-limits.js';
import type { ServerDeps } from './deps.js';
import { ApiError } from './errors/api-error.js';
import { renderError, type ErrorAnswer } from './errors/error-response.js';
import type { ErrorCode } from './errors/catalogue.js';
import type { ConnectionInfo } from './http/app-env.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { startRetentionPurge } from './collect/retention-purge.js';
import { migrateToLatest } from './store/migrate.js';
import { openDatabase, type OpenedDatabase, type ServerStore, type StoreKind } from './store/open-database.js';
import { loadOrCreateServerSecret } from './store/server-secret.js';
import { trackInFlight } from './http/track-in-flight.js';
import { createRequestIdSource } from './http/request-id.js';
import { createBeforeRoutingRefusal } from './http/refuse-before-routing.js';
import { MAX_REPORT_BYTES, MAX_REPORT_EVENTS } from './collect/report-schema.js';
import { createMetricsRegistry } from './metrics/metrics-registry.js';
import { createPrometheusMetrics } from './metrics/prometheus-metrics.js';
import { probeStore } from './metrics/probe-store.js';
import { noServerMetrics } from './metrics/server-metrics.js';
import { createDefaultLogger } from './create-logger.js';
import { normalizeRoomLimits, type RoomLimits } from './rooms/room-limits.js';
import { startRoomService, type RoomService } from './rooms/room-service.js';

/** Options of {@link createServer}: settings (overriding the environment) and injected I/O for tests. */
export interface CreateServerOptions extends ServerSettings {
  /** Environment variables to read; default `process.env`. */
  env?: ServerEnvironment;
  /** An open store to use instead of opening one; the caller keeps ownership (it is not closed). */
  store?: ServerStore;
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /** CSPRNG; default `node:crypto` `randomBytes`. */
  randomBytes?: (length: number) => Uint8Array;
  /** Mailer; default SMTP when `SMTP_URL` is set, else the development outbox. */
  mailer?: Mailer;
  /** pino logger; default JSON to stdout at `LOG_LEVEL` (default `info`). */
  logger?: Logger;
  /** Conversion engines to use instead of `createEngines({ env })`; the caller keeps ownership (they are not closed). */
  engines?: EngineRegistry;
  /** Limits of `POST /v1/convert` over `DEFAULT_CONVERT_LIMITS`. */
  convertLimits?: Partial<ConvertLimits>;
  /**
   * With metrics on, the prom-client registry to record in and render at `GET /metrics`, e.g. the
   * host application's; default a new registry per server holding Node's process metrics too.
   */
  metricsRegistry?: Registry;
  /** Limits of the rooms on `/v1/rooms/{room}` over `DEFAULT_ROOM_LIMITS`. */
  roomLimits?: Partial<RoomLimits>;
}

/** A running server: a web-standard handler plus its shutdown. */
export interface QuireServer {
  /** Answers one request; `connection` carries the peer address when the host knows it. */
  fetch(request: Request, connection?: ConnectionInfo): Promise<Response>;
  /**
   * The JSON error answer (with a fresh request id, logged and counted) for a request the host's
   * HTTP server refused before `fetch` could see it: malformed, headers too large, too slow.
   */
  refuseBeforeRouting(code: ErrorCode, reason?: string): ErrorAnswer;
  /** Refuses new requests (503), waits for in-flight ones and pending writes, closes the room sockets once their updates are stored, then closes the engines it created, the store and mailer. */
  close(): Promise<void>;
  /** The validated configuration in use. */
  readonly config: ServerConfig;
  /** Which store backs the server. */
  readonly storeKind: StoreKind;
  /** The rooms on `/v1/rooms/{room}`, to which the host hands its upgraded WebSockets (`quire serve` does). */
  readonly rooms: RoomService;
}

/**
 * Builds the server: normalises options once, opens the store (PGlite in the data folder, or
 * PostgreSQL via `DATABASE_URL`), applies pending migrations, resolves the secret and mailer,
 * creates the conversion engines (their processes and threads start on first use) and composes
 * the routes. Throws `ServerOptionsError` for bad settings (also an unknown `QUIRE_ENGINE`), or the store's error.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<QuireServer> {
  const settings = normalizeServerOptions(options, options.env ?? process.env);
  const env = options.env ?? process.env;
  const convertLimits = normalizeConvertLimits(options.convertLimits);
  const roomLimits = normalizeRoomLimits(options.roomLimits);
  const requestedEngine = env.QUIRE_ENGINE?.trim().toLowerCase();
  if (requestedEngine && requestedEngine !== 'auto' && !isEngineName(requestedEngine)) {
    throw new ServerOptionsError('QUIRE_ENGINE', `expected builtin, libreoffice, gotenberg or auto, got "${requestedEngine}"`);
  }
  const logger = options.logger ?? createDefaultLogger(env);
  const randomBytes = options.randomBytes ?? ((length: number) => new Uint8Array(nodeRandomBytes(length)));
  const now = options.now ?? (() => new Date());
  let opened: OpenedDatabase | undefined;
  let ownedEngines: EngineRegistry | undefined;
  let rooms: RoomService | undefined;
  const metricsRegistry = settings.metrics ? (options.metricsRegistry ?? createMetricsRegistry()) : undefined;
  const metrics = metricsRegistry === undefined ? noServerMetrics : createPrometheusMetrics(metricsRegistry);
  const { db, kind: storeKind } = options.store ?? (opened = await openDatabase({
    ...settings,
    onConnectionError: (error) => {
      logger.warn({ err: error }, 'store connection lost; the pool reconnects');
      metrics.storeFailed('unavailable');
    },
  }));
  try {
    await migrateToLatest(db);
    const config: ServerConfig = { ...settings, secret: settings.secret ?? (await loadOrCreateServerSecret(db, randomBytes)) };
    const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }, logger);
    const deps: ServerDeps = { db, now, randomBytes, logger, config, mailer, metrics };
    const collectWriter = createStoreCollectWriter({ db, kind: storeKind }, metrics);
    // Other servers' room updates arrive through LISTEN, which needs its own PostgreSQL connection.
    rooms = await startRoomService({
      db,
      databaseUrl: storeKind === 'postgres' ? config.databaseUrl : undefined,
      secret: config.secret,
      limits: roomLimits,
      now,
      randomBytes,
      logger,
      metrics,
    });
    const roomService = rooms;
    const engines = options.engines ?? (ownedEngines = createEngines({ env }));
    const app = createApp({ deps, storeKind, collectWriter, convert: { engines, limits: convertLimits, env }, metricsRegistry });
    metrics.watchStore(() => probeStore(db));
    const nextRequestId = createRequestIdSource(randomBytes);
    const purge = startRetentionPurge(deps);
    const inFlight = trackInFlight();
    let closing: Promise<void> | undefined;
    logger.info(
      {
        store: storeKind,
        dataDir: config.dataDir,
        mail: config.smtpUrl === undefined ? 'outbox (development)' : 'smtp',
        usageApi: config.adminToken !== undefined,
        metrics: config.metrics,
        engines: [...engines.engines.keys()],
        limits: {
          convert: convertLimits,
          collect: { maxReportBytes: MAX_REPORT_BYTES, maxReportEvents: MAX_REPORT_EVENTS },
          rooms: roomLimits,
          retentionDays: config.retentionDays,
          bodyIdleTimeoutSeconds: config.bodyIdleTimeoutSeconds,
        },
      },
      // Not "ready": the handler exists, but a host (quire serve) may still fail to bind its port.
      'quire server configured',
    );

    return {
      config,
      storeKind,
      rooms: roomService,
      async fetch(request, connection = {}) {
        if (closing !== undefined) return renderError(new ApiError('SERVER_SHUTTING_DOWN'), nextRequestId());
        return inFlight.run(() => app.fetch(request, connection));
      },
      refuseBeforeRouting: createBeforeRoutingRefusal({ nextRequestId, logger, metrics }),
      close() {
        closing ??= (async () => {
          purge.stop();
          logger.info('quire server closing: finishing in-flight requests');
          await inFlight.drain();
          await roomService.close();
          await ownedEngines?.close();
          await collectWriter.close();
          await purge.stopped();
          await mailer.close?.();
          await opened?.close();
          logger.info('quire server closed');
        })();
        return closing;
      },
    };
  } catch (error) {
    await rooms?.close();
    await ownedEngines?.close();
    await opened?.close();
    throw error;
  }
}
