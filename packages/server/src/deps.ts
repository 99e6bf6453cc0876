import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ServerConfig } from './config/server-config.js';
import type { Mailer } from './mail/mailer.js';
import type { ServerMetrics } from './metrics/server-metrics.js';
import type { Database } from './store/schema.js';

/**
 * Everything a route or service needs from the outside world, passed in explicitly so tests can
 * substitute a clock, a random source, a mailer, a store or the metrics. Built once by `createServer`.
 */
export interface ServerDeps {
  db: Kysely<Database>;
  now: () => Date;
  randomBytes: (length: number) => Uint8Array;
  logger: Logger;
  config: ServerConfig;
  mailer: Mailer;
  /** Where services report what operators monitor; `noServerMetrics` when metrics are off. */
  metrics: ServerMetrics;
}
