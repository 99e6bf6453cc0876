import { parseArgs } from 'node:util';
import { openCliStore } from './open-cli-store.js';
import type { CliCommand } from './cli-io.js';

/** `quire migrate`: applies pending store migrations and lists them. */
export const migrateCommand: CliCommand = {
  summary: 'Apply pending database migrations (the server also does this at start)',
  usage: 'Usage: quire migrate [--data-dir DIR]\n\nUses DATABASE_URL when set, otherwise the embedded store in QUIRE_DATA_DIR.',
  async run(args, io) {
    const { values } = parseArgs({ args, options: { 'data-dir': { type: 'string' } }, strict: true });
    const store = await openCliStore(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }, io.env);
    try {
      const { applied } = store.migrated;
      io.stdout(applied.length === 0 ? 'The store is up to date.\n' : applied.map((name) => `applied ${name}\n`).join(''));
      return 0;
    } finally {
      await store.close();
    }
  },
};
