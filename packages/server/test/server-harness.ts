import { pino } from 'pino';
import { createServer, type CreateServerOptions, type QuireServer } from '../src/create-server.js';
import type { Mailer, MailMessage } from '../src/mail/mailer.js';
import type { Kysely } from 'kysely';
import type { StoreKind } from '../src/store/open-database.js';
import type { Database } from '../src/store/schema.js';
import { openTestStore, type TestStore } from '../../../test/support/test-stores.js';

/** A server on a fresh store of one kind, with a settable clock and a recording mailer. */
export interface ServerHarness {
  server: QuireServer;
  store: TestStore;
  /** The store's query builder, for assertions. */
  db: Kysely<Database>;
  sent: MailMessage[];
  /** The clock the server reads; change `clock.current` to move time. */
  clock: { current: Date };
  /** Sends `init` to `path` through `server.fetch`, in process. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Closes the server and disposes of the store. */
  close(): Promise<void>;
}

/** The admin token the harness configures unless a test overrides it. */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * Starts `createServer` on a fresh store of `kind` (opened here so the test can query it), with
 * a quiet logger, a fixed clock and a mailer that records messages.
 */
export async function startServerHarness(kind: StoreKind, overrides: Partial<CreateServerOptions> = {}): Promise<ServerHarness> {
  const store = await openTestStore(kind);
  const clock = { current: new Date('2026-01-31T09:15:00.000Z') };
  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };
  const server = await createServer({
    env: {},
    dataDir: store.settings.dataDir,
    store: { db: store.db, kind: store.kind },
    adminToken: TEST_ADMIN_TOKEN,
    now: () => new Date(clock.current),
    mailer,
    logger: pino({ level: 'silent' }),
    ...overrides,
  });
  return {
    server,
    store,
    db: store.db,
    sent,
    clock,
    request: (path, init) => server.fetch(new Request(`http://quire.test${path}`, init), { remoteAddress: '203.0.113.7' }),
    async close() {
      await server.close();
      await store.close();
    },
  };
}

/** A report in the shape the client library sends (interface section 2.3). */
export function buildReport(documentIds: readonly string[] = ['a'.repeat(64)], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    libraryVersion: '0.1.0',
    browserInfo: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test',
      currentUrl: 'https://app.example.com',
      hostname: 'app.example.com',
      screenSize: { width: 1920, height: 1080 },
    },
    events: documentIds.map((documentId) => ({
      timestamp: '2026-01-31T09:14:59.123Z',
      documentId,
      documentCreatedAt: '2024-03-01T10:00:00Z',
    })),
    ...extra,
  };
}

/** `POST /v1/collect` init with a JSON body and optional license key. */
export function postReport(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
