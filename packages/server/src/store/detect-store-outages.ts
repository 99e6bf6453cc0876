import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** Thrown by the store when it cannot be reached or cannot serve (not for faulty SQL or data). */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

// SQLSTATE classes that mean "the database cannot serve now", not "this statement is wrong":
// 08 connection exception, 28 authorization, 3D database gone, 53 insufficient resources,
// 57 operator intervention (shutdown, admin kill), 58 system error (PostgreSQL appendix A).
const outageClasses = new Set(['08', '28', '3D', '53', '57', '58']);

/**
 * True when `error`, thrown by a store driver, means the store is unreachable: a SQLSTATE of an
 * outage class, or a failure with no SQLSTATE at all (refused or dropped connection, pool or
 * embedded database closed). Constraint, syntax and data errors are not outages.
 */
export function isStoreOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return outageClasses.has(code.slice(0, 2));
  return true;
}

/**
 * Wraps `dialect` so that every store outage (see {@link isStoreOutage}) surfaces as a
 * {@link StoreUnavailableError}, which the server answers with 503 on every route instead of a 500.
 * Savepoints are not passed through (the server does not use them).
 */
export function detectStoreOutages(dialect: Dialect): Dialect {
  return {
    createDriver: () => new OutageDetectingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

async function translating<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isStoreOutage(error) && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
  }
}

class OutageDetectingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return translating(() => this.inner.executeQuery<R>(compiledQuery));
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class OutageDetectingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return translating(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new OutageDetectingConnection(await translating(() => this.inner.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return translating(() => this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return translating(() => this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return translating(() => this.inner.rollbackTransaction(unwrap(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof OutageDetectingConnection ? connection.inner : connection;
}
