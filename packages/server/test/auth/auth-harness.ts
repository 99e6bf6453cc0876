import type { Kysely, KyselyPlugin } from 'kysely';
import { Hono } from 'hono';
import { pino } from 'pino';
import { requireApiKey, type ApiKeyEnv } from '../../src/auth/require-api-key.js';
import { createServer, type CreateServerOptions, type QuireServer } from '../../src/create-server.js';
import type { ServerDeps } from '../../src/deps.js';
import { createErrorResponse } from '../../src/errors/error-response.js';
import type { Mailer, MailMessage } from '../../src/mail/mailer.js';
import { openDatabase, type StoreKind } from '../../src/store/open-database.js';
import type { Database } from '../../src/store/schema.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { noServerMetrics } from '../../src/metrics/server-metrics.js';

/** A store for the harness: the server's query builder, with every executed query's kind recorded. */
export interface HarnessStore {
  kind: StoreKind;
  db: Kysely<Database>;
  /** Kysely operation-node kinds (`SelectQueryNode`, `UpdateQueryNode`, ...) of every query run, in order. */
  queries: string[];
  close(): Promise<void>;
}

/** Opens a fresh, empty test store of `kind` whose queries are recorded; `close()` also disposes of it. */
export async function openHarnessStore(kind: StoreKind): Promise<HarnessStore> {
  const settings = await prepareTestStore(kind);
  const store = await attachHarnessStore(settings);
  return {
    ...store,
    async close() {
      await store.close();
      await settings.dispose();
    },
  };
}

/** Opens the prepared test store `settings` with query recording; `close()` closes it but keeps its data. */
export async function attachHarnessStore(settings: TestStoreSettings): Promise<HarnessStore> {
  const opened = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const queries: string[] = [];
  const db = opened.db.withPlugin(recordQueryKinds(queries));
  return { kind: settings.kind, db, queries, close: () => opened.close() };
}

function recordQueryKinds(queries: string[]): KyselyPlugin {
  return {
    transformQuery(args) {
      queries.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

/** A settable clock shared by the server and the test. */
export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
}

/** A server on a given store, a mailbox that keeps every sent message, and a protected test route. */
export interface AuthHarness {
  server: QuireServer;
  store: HarnessStore;
  clock: TestClock;
  sent: MailMessage[];
  /** Sends a request to the server from `ip` (the socket address the adapter reports). */
  request(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  /** `GET /v1/auth/register?email=` from `ip`. */
  register(email: string, ip?: string): Promise<Response>;
  /** `GET /v1/auth/verify?email=&code=` from `ip`. */
  verify(email: string, code: string, ip?: string): Promise<Response>;
  /** The 6-digit code in the latest message sent to `email`. */
  latestCode(email: string): string;
  /** Registers, reads the code and verifies; returns the issued key. */
  obtainKey(email: string, ip?: string): Promise<string>;
  /** `GET /protected` on a test app guarded by `requireApiKey` over the same store and clock. */
  callProtected(headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Options of {@link startAuthHarness}: server settings to add, and a mailer to use instead of the mailbox. */
export interface AuthHarnessOptions {
  settings?: Partial<CreateServerOptions>;
  mailer?: Mailer;
}

const silentLogger = pino({ level: 'silent' });

/** Starts the real server (`createServer`) over `store` with a test clock and a recording mailer. */
export async function startAuthHarness(store: HarnessStore, options: AuthHarnessOptions = {}): Promise<AuthHarness> {
  let current = new Date('2030-01-15T12:00:00.000Z');
  const clock: TestClock = {
    now: () => new Date(current),
    advance: (seconds) => {
      current = new Date(current.getTime() + seconds * 1000);
    },
  };
  const sent: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    send: async (message) => {
      sent.push(message);
    },
  };
  const server = await createServer({
    env: {},
    store: { db: store.db, kind: store.kind },
    now: clock.now,
    mailer,
    logger: silentLogger,
    secret: 'test-secret-0123456789abcdef',
    ...options.settings,
  });
  const deps: ServerDeps = { db: store.db, now: clock.now, randomBytes: () => new Uint8Array(0), logger: silentLogger, config: server.config, mailer, metrics: noServerMetrics };
  const protectedApp = new Hono<ApiKeyEnv>();
  protectedApp.get('/protected', requireApiKey(deps), (c) => c.json(c.get('apiKey')));
  protectedApp.onError((error) => createErrorResponse(error, 'test', silentLogger));

  const request = (path: string, init: RequestInit & { ip?: string } = {}) => {
    const { ip = '198.51.100.1', ...rest } = init;
    return server.fetch(new Request(`http://quire.test${path}`, rest), { remoteAddress: ip });
  };
  const register = (email: string, ip?: string) => request(`/v1/auth/register?email=${encodeURIComponent(email)}`, { ip });
  const verify = (email: string, code: string, ip?: string) =>
    request(`/v1/auth/verify?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`, { ip });
  const latestCode = (email: string) => {
    const message = sent.filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).at(-1);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (code === undefined) throw new Error(`no code was sent to ${email}`);
    return code;
  };
  return {
    server,
    store,
    clock,
    sent,
    request,
    register,
    verify,
    latestCode,
    async obtainKey(email, ip) {
      expectOk(await register(email, ip));
      const response = await verify(email, latestCode(email), ip);
      expectOk(response);
      return ((await response.json()) as { apiKey: string }).apiKey;
    },
    callProtected: (headers = {}) => Promise.resolve(protectedApp.fetch(new Request('http://quire.test/protected', { headers }))),
    close: () => server.close(),
  };
}

function expectOk(response: Response): void {
  if (!response.ok) throw new Error(`expected 2xx, got ${response.status}`);
}
