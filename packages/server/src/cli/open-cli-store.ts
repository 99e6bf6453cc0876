import { normalizeServerOptions, type ServerSettings } from '../config/normalize-server-options.js';
import { migrateToLatest, type MigrateResult } from '../store/migrate.js';
import { openDatabase, type OpenedDatabase } from '../store/open-database.js';

/** A store opened by a CLI command, migrated, plus what migration did. */
export interface CliStore extends OpenedDatabase {
  migrated: MigrateResult;
}

/**
 * Opens the store the server would use (same settings and environment) and applies pending
 * migrations. Throws the store's error, or `DataDirLockedError` while `quire serve` holds the embedded store.
 */
export async function openCliStore(settings: ServerSettings, env: Record<string, string | undefined>): Promise<CliStore> {
  const options = normalizeServerOptions(settings, env);
  const opened = await openDatabase(options);
  try {
    return { ...opened, migrated: await migrateToLatest(opened.db) };
  } catch (error) {
    await opened.close();
    throw error;
  }
}
