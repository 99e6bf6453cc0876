import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What a query answers, as PGlite reports it. */
export interface PGliteResult<T> {
  rows: T[];
  command?: string;
  rowCount?: number;
  affectedRows?: number;
}

/** The part of a `PGlite` instance the dialect uses. */
export interface PGliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<PGliteResult<T>>;
  close(): Promise<void>;
  readonly closed: boolean;
  readonly waitReady?: Promise<void>;
}

/**
 * A Kysely dialect over an embedded PGlite database. PGlite is a single connection, so the
 * driver hands it to one Kysely connection (query or transaction) at a time, queueing the rest.
 * SQL, adapter and introspection are Kysely's PostgreSQL ones.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGliteQueryable;

  constructor(pglite: PGliteQueryable) {
    this.#pglite = pglite;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  // The tail of the queue of holders of the one connection; each waits for its predecessor.
  #queueTail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(pglite: PGliteQueryable) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#connection.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queueTail;
    let release!: () => void;
    this.#queueTail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
      statement = ['start transaction', settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
        .filter(Boolean)
        .join(' ');
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for the current holder and everyone queued before closing the database.
    await this.#queueTail;
    if (!this.#connection.pglite.closed) await this.#connection.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly pglite: PGliteQueryable;

  constructor(pglite: PGliteQueryable) {
    this.pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command?.toUpperCase();
    const changesRows = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      ...(changesRows ? { numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The PGlite dialect does not support streaming queries.');
  }
}
