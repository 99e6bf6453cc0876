import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { detectStoreOutages, isStoreOutage, StoreUnavailableError } from '../../src/store/detect-store-outages.js';
import { createPGlitePool } from '../../src/store/pglite-pool.js';

function sqlError(code: string): Error {
  return Object.assign(new Error(`failed with ${code}`), { code });
}

describe('isStoreOutage', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['an admin shutdown (57P01)', sqlError('57P01')],
    ['a dropped database (3D000)', sqlError('3D000')],
    ['too many connections (53300)', sqlError('53300')],
    ['a connection failure (08006)', sqlError('08006')],
  ])('counts %s as an outage', (_name, error) => {
    expect(isStoreOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', sqlError('23505')],
    ['a syntax error (42601)', sqlError('42601')],
    ['invalid text for a type (22P02)', sqlError('22P02')],
  ])('does not count %s as an outage', (_name, error) => {
    expect(isStoreOutage(error)).toBe(false);
  });
});

describe('detectStoreOutages', () => {
  it('turns a refused connection into StoreUnavailableError and keeps SQL errors as they are', async () => {
    const pglite = await PGlite.create();
    const embedded = new Kysely<unknown>({ dialect: detectStoreOutages(new PostgresDialect({ pool: createPGlitePool(pglite) })) });
    // Port 9 on loopback (discard) has no PostgreSQL: the connection is refused, no SQLSTATE.
    const unreachable = new Kysely<unknown>({ dialect: detectStoreOutages(new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://quire@127.0.0.1:9/quire' }) })) });

    const syntax = await sql`selec 1`.execute(embedded).catch((error: unknown) => error);
    const refused = await sql`select 1`.execute(unreachable).catch((error: unknown) => error);

    expect(syntax).not.toBeInstanceOf(StoreUnavailableError);
    expect((syntax as { code?: string }).code).toBe('42601');
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toMatch(/^The store is unavailable: .*ECONNREFUSED/);
    await embedded.destroy();
    await unreachable.destroy();
    await pglite.close();
  });

  it('runs transactions through the wrapped driver: a failed statement rolls the whole transaction back', async () => {
    const pglite = await PGlite.create();
    const db = new Kysely<{ t: { v: number } }>({ dialect: detectStoreOutages(new PostgresDialect({ pool: createPGlitePool(pglite) })) });
    await sql`create table t (v integer primary key)`.execute(db);

    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ v: 1 }).execute();
      await trx.insertInto('t').values({ v: 1 }).execute();
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    await db.destroy();
    await pglite.close();
  });
});
