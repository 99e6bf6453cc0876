import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

// A statement whose text begins with this marker, e.g. `/* prepared: collect_events */ insert ...`,
// is prepared once per connection under that name and executed from then on.
const marker = /^\/\* prepared: ([a-z_]+) \*\//;

/** The part of a `pg` client that {@link prepareMarkedStatements} uses. */
interface NamingClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<PostgresQueryResult<unknown>>;
  release(): void;
}

/** The part of a `pg` pool that {@link prepareMarkedStatements} uses. */
export interface NamingPool {
  connect(): Promise<NamingClient>;
  end(): Promise<void>;
}

/**
 * Wraps a `pg` pool for Kysely's PostgreSQL dialect so that statements marked
 * `/* prepared: NAME *\/` run as named prepared statements: PostgreSQL parses and plans them once
 * per connection instead of on every execution (on the collection path, planning was about a
 * third of the server's time per batch; bench/server). Other statements pass through unchanged.
 */
export function prepareMarkedStatements(pool: NamingPool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      // Kysely calls query(sql, parameters) only: the server streams no query through a cursor.
      const query = (sql: string, parameters: ReadonlyArray<unknown>) =>
        client.query({ name: marker.exec(sql)?.[1], text: sql, values: [...parameters] });
      return { query: query as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
