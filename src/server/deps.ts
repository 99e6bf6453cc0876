import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ServerConfig } from './config/server-config.js';
import type { Mailer } from './mail/mailer.js';
import type { Database } from './store/schema.js';

/**
 * Everything a route or service needs from the outside world, passed in explicitly so tests can
 * substitute a clock, a random source, a mailer or a store. Built once by `createServer`.
 */
export interface ServerDeps {
  db: Kysely<Database>;
  now: () => Date;
  randomBytes: (length: number) => Uint8Array;
  logger: Logger;
  config: ServerConfig;
  mailer: Mailer;
}
