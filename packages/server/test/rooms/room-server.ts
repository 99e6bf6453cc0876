import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { createServer, type CreateServerOptions, type QuireServer } from '../../src/create-server.js';
import { listen } from '../../src/node/listen.js';
import { openDatabase } from '../../src/store/open-database.js';
import type { Database } from '../../src/store/schema.js';
import type { TestStoreSettings } from '../../../../test/support/test-stores.js';

/** A server on a test store, listening on a free loopback port, with the store open for the test to read. */
export interface RunningRoomServer {
  server: QuireServer;
  url: string;
  db: Kysely<Database>;
  stop(): Promise<void>;
}

/** The secret the test servers sign and check room tokens with. */
export const testSecret = 'room-test-secret-'.padEnd(64, 'x');

/**
 * Starts `quire serve`'s pieces (createServer and listen) on `store`, with a known secret. The
 * store is opened here and handed to the server, so that the test reads what the server stored
 * (the embedded store admits one opener); with PostgreSQL its URL is given too, for LISTEN.
 */
export async function startRoomServer(store: TestStoreSettings, options: CreateServerOptions = {}): Promise<RunningRoomServer> {
  const opened = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  const server = await createServer({
    env: {},
    dataDir: store.dataDir,
    ...(store.databaseUrl === undefined ? {} : { databaseUrl: store.databaseUrl }),
    store: opened,
    secret: testSecret,
    logger: pino({ level: 'silent' }),
    ...options,
  });
  const listening = await listen(server, { port: 0, host: '127.0.0.1' });
  return {
    server,
    url: listening.url,
    db: opened.db,
    async stop() {
      await listening.stop(1000);
      await server.close();
      await opened.close();
    },
  };
}
