import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';

/**
 * Returns a `pg` pool over an embedded PGlite database (PGlite's node-postgres adapter), so the
 * embedded store runs through the same driver, Kysely dialect, type parsing and prepared
 * statements as PostgreSQL. PGlite is one session, hence one client, never closed while idle: a
 * transaction keeps every other query waiting until it ends. Ending the pool leaves PGlite open.
 */
export function createPGlitePool(pglite: PGlite): pg.Pool {
  return new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
}
