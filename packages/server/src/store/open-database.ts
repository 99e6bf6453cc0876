import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { detectStoreOutages } from './detect-store-outages.js';
import { initializePGliteFolder } from './initialize-pglite-folder.js';
import { PGLITE_MEMORY_SETTINGS } from './pglite-memory-settings.js';
import { createPGlitePool } from './pglite-pool.js';
import { prepareMarkedStatements } from './prepared-statements.js';
import type { Database } from './schema.js';

/** Where {@link openDatabase} connects: a PostgreSQL URL, or a data folder for the embedded store. */
export interface OpenDatabaseOptions {
  /** `postgres://` URL; when absent the embedded PGlite store in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Folder holding the embedded store (in `<dataDir>/pglite`). */
  dataDir: string;
  /** Largest number of pooled PostgreSQL connections (default 10). */
  maxConnections?: number;
  /** Told when an idle pooled connection dies (e.g. the server restarted); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/** Thrown when `DATABASE_URL` cannot be reached; the message names the variable and the cause. */
export class StoreConnectionError extends Error {
  constructor(cause: unknown) {
    super(`Cannot connect to DATABASE_URL: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreConnectionError';
  }
}

/** Which kind of store backs the server. */
export type StoreKind = 'pglite' | 'postgres';

/** A store to run the server on: the query builder and its kind. */
export interface ServerStore {
  db: Kysely<Database>;
  kind: StoreKind;
}

/** An opened store, which the opener must close. */
export interface OpenedDatabase extends ServerStore {
  /** Closes the connections (and releases the embedded store's lock). */
  close(): Promise<void>;
}

/**
 * Opens the store: a `pg` pool through Kysely's PostgreSQL dialect when `databaseUrl` is set,
 * otherwise PGlite persisted in `<dataDir>/pglite` (created when missing, locked against a second
 * process) behind a one-client `pg` pool, so both stores share the driver and dialect. Throws
 * {@link StoreConnectionError} when PostgreSQL cannot be reached, `DataDirLockedError` when
 * another process holds the folder, or the file system's error.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    const db = queryBuilderOver(pool, options);
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await db.destroy();
      throw new StoreConnectionError(error);
    }
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const folder = join(options.dataDir, 'pglite');
  await mkdir(options.dataDir, { recursive: true });
  const lock = await acquireDataDirLock(options.dataDir);
  try {
    await initializePGliteFolder(folder);
    const pglite = await PGlite.create({ dataDir: folder, startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS] });
    const db = queryBuilderOver(createPGlitePool(pglite), options);
    return {
      db,
      kind: 'pglite',
      async close() {
        await db.destroy();
        await pglite.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Kysely over a `pg` pool (PostgreSQL's, or PGlite's adapter): outages detected, marked statements prepared. */
function queryBuilderOver(pool: pg.Pool, options: OpenDatabaseOptions): Kysely<Database> {
  // Without a listener, an idle client's error (server restart, admin termination) crashes the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  return new Kysely<Database>({ dialect: detectStoreOutages(new PostgresDialect({ pool: prepareMarkedStatements(pool) })) });
}
