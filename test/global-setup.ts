import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { initializePGliteFolder } from '../packages/server/src/store/initialize-pglite-folder.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server; each test file creates its own database on it. */
    postgresAdminUrl: string;
    /** An initialised, empty PGlite data folder to copy. */
    pgliteTemplateDir: string;
  }
}

let postgres: ThrowawayPostgres | undefined;
let scratch: string | undefined;

/**
 * Provides the store tests with a PostgreSQL server (`QUIRE_TEST_DATABASE_URL`, or a throwaway
 * one started here) and a PGlite template folder. Fails, never skips, without PostgreSQL.
 */
export async function setup(project: TestProject): Promise<void> {
  scratch = await mkdtemp(join(tmpdir(), 'quire-test-'));
  const template = join(scratch, 'pglite-template');
  const external = process.env.QUIRE_TEST_DATABASE_URL?.trim();
  const [url] = await Promise.all([
    external ? Promise.resolve(external) : startThrowawayPostgres().then((started) => ((postgres = started), started.url)),
    initializePGliteFolder(template),
  ]);
  project.provide('postgresAdminUrl', url);
  project.provide('pgliteTemplateDir', template);
}

/** Stops the throwaway server and removes the scratch folder. */
export async function teardown(): Promise<void> {
  await postgres?.stop();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
}
