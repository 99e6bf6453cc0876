import type { Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

/** The outcome of {@link migrateToLatest}: names of the migrations applied by this call. */
export interface MigrateResult {
  applied: string[];
}

/**
 * Applies every pending migration in order, in one transaction per migration, recording them in
 * Kysely's migration table. Throws with the failing migration's name when one fails.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrateResult> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'quire_migrations',
    migrationLockTableName: 'quire_migrations_lock',
  });
  const resultSet: MigrationResultSet = await migrator.migrateToLatest();
  const results = resultSet.results ?? [];
  const failed = results.find((result) => result.status === 'Error');
  if (resultSet.error !== undefined) {
    const name = failed === undefined ? '' : ` ${failed.migrationName}`;
    throw new Error(`Migration${name} failed: ${String(resultSet.error)}`, { cause: resultSet.error });
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}
