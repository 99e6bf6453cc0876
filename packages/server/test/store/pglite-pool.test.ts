import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPGlitePool } from '../../src/store/pglite-pool.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';

interface TestDatabase {
  items: { id: number; label: string };
}

describe('createPGlitePool', () => {
  let db: Kysely<TestDatabase>;
  let pglite: PGlite;
  let folder: TestStoreSettings;
  beforeAll(async () => {
    folder = await prepareTestStore('pglite');
    pglite = await PGlite.create({ dataDir: join(folder.dataDir, 'pglite') });
    db = new Kysely<TestDatabase>({ dialect: new PostgresDialect({ pool: createPGlitePool(pglite) }) });
    await db.schema.createTable('items').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('label', 'text').execute();
  });
  afterAll(async () => {
    await db.destroy();
    await pglite.close();
    await folder.dispose();
  });

  it('runs queries with parameters and reports affected rows', async () => {
    const inserted = await db.insertInto('items').values([{ id: 1, label: 'one' }, { id: 2, label: 'two' }]).executeTakeFirst();
    const rows = await db.selectFrom('items').selectAll().where('id', '=', 2).execute();

    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    expect(rows).toEqual([{ id: 2, label: 'two' }]);
  });

  it('rolls a failed transaction back completely', async () => {
    const attempt = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 10, label: 'ten' }).execute();
      await trx.insertInto('items').values({ id: 10, label: 'duplicate' }).execute();
    });

    await expect(attempt).rejects.toThrow(/duplicate key/);
    expect(await db.selectFrom('items').selectAll().where('id', '=', 10).execute()).toEqual([]);
  });

  it('keeps other queries out of a running transaction on the single connection', async () => {
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 20, label: 'inside' }).execute();
      await held;
      throw new Error('abort on purpose');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Queued behind the transaction: it must not see (or join) the uncommitted row.
    const outside = db.selectFrom('items').select('id').where('id', '=', 20).execute();
    releaseTransaction();

    await expect(transaction).rejects.toThrow('abort on purpose');
    expect(await outside).toEqual([]);
  });

  it('executes raw SQL and parses types as node-postgres does for PostgreSQL', async () => {
    const result = await sql<{ answer: number; total: string; at: Date }>`select 6 * 7 as answer, count(*) as total, timestamptz '2026-01-31T09:15:00Z' as at from items`.execute(db);
    expect(result.rows).toEqual([{ answer: 42, total: expect.stringMatching(/^\d+$/), at: new Date('2026-01-31T09:15:00Z') }]);
  });

  it('leaves PGlite open when the pool ends', async () => {
    const pool = createPGlitePool(pglite);
    await pool.query('select 1');
    await pool.end();

    expect(pglite.closed).toBe(false);
    expect((await pglite.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
