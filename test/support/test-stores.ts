import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenedDatabase, type StoreKind } from '../../packages/server/src/store/open-database.js';

/** Both store kinds, for `describe.each(storeKinds)`. */
export const storeKinds: readonly StoreKind[] = ['pglite', 'postgres'];

/** Settings that point a server at a fresh test store. */
export interface TestStoreSettings {
  kind: StoreKind;
  /** For PGlite: a temp data folder holding a copy of the template; for PostgreSQL: any temp folder. */
  dataDir: string;
  /** For PostgreSQL: the URL of a database created for this store; undefined for PGlite. */
  databaseUrl: string | undefined;
  /** Drops the database or deletes the folder. */
  dispose(): Promise<void>;
}

/**
 * Prepares an empty store of `kind` without opening it: a PGlite folder copied from the global
 * template, or a new randomly named database on the test PostgreSQL server, so files run in parallel.
 */
export async function prepareTestStore(kind: StoreKind): Promise<TestStoreSettings> {
  const dataDir = await mkdtemp(join(tmpdir(), `quire-${kind}-`));
  if (kind === 'pglite') {
    await cp(inject('pgliteTemplateDir'), join(dataDir, 'pglite'), { recursive: true });
    return { kind, dataDir, databaseUrl: undefined, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An opened test store; `close()` closes it and disposes of its files or database. */
export interface TestStore extends OpenedDatabase {
  settings: TestStoreSettings;
}

/** Prepares and opens an empty store of `kind` (see {@link prepareTestStore}). */
export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  const settings = await prepareTestStore(kind);
  const opened = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  return {
    ...opened,
    settings,
    async close() {
      await opened.close();
      await settings.dispose();
    },
  };
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
