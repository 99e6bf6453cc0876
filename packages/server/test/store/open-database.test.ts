import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/open-database.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';

describe('openDatabase on the embedded store', () => {
  let settings: TestStoreSettings | undefined;
  afterEach(() => settings?.dispose());

  it('runs PostgreSQL with 16 MB of shared buffers, also in a folder whose configuration asks for 128 MB', async () => {
    settings = await prepareTestStore('pglite');
    const configuration = join(settings.dataDir, 'pglite', 'postgresql.conf');
    await writeFile(configuration, (await readFile(configuration, 'utf8')).replace(/^shared_buffers = .*$/m, 'shared_buffers = 128MB'));

    const store = await openDatabase({ databaseUrl: undefined, dataDir: settings.dataDir });
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(store.db);
    await store.close();

    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('creates the database in a data folder that does not exist yet', async () => {
    settings = await prepareTestStore('pglite');
    const dataDir = join(settings.dataDir, 'new');

    const store = await openDatabase({ databaseUrl: undefined, dataDir });
    const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(store.db);
    await store.close();

    expect(rows).toEqual([{ answer: 42 }]);
  });
});
