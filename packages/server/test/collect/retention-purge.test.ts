import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CollectedEvent } from '../../src/collect/collected-event.js';
import { startRetentionPurge } from '../../src/collect/retention-purge.js';
import { storeCollectedEvents } from '../../src/collect/store-collected-events.js';
import type { ServerConfig } from '../../src/config/server-config.js';
import type { ServerDeps } from '../../src/deps.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { openTestStore, type TestStore } from '../../../../test/support/test-stores.js';
import { noServerMetrics } from '../../src/metrics/server-metrics.js';

const dayMs = 24 * 60 * 60 * 1000;

function eventReceived(documentId: string, receivedAt: Date): CollectedEvent {
  return {
    receivedAt,
    licenseKey: 'org-retention-timer',
    originHost: 'example.com',
    libraryVersion: '1.0.0',
    documentId,
    openedAt: receivedAt.toISOString(),
    documentCreatedAt: null,
    metadata: null,
  };
}

describe('startRetentionPurge', () => {
  let store: TestStore;
  const clock = { current: new Date('2026-05-01T00:00:00.000Z') };
  let deps: ServerDeps;
  beforeAll(async () => {
    store = await openTestStore('pglite');
    await migrateToLatest(store.db);
    deps = {
      db: store.db,
      now: () => new Date(clock.current),
      randomBytes: () => new Uint8Array(0),
      logger: pino({ level: 'silent' }),
      config: { retentionDays: 30 } as ServerConfig,
      mailer: { send: async () => undefined },
      metrics: noServerMetrics,
    };
  });
  afterAll(() => store.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const remainingIds = async () =>
    (await store.db.selectFrom('collect_events').select('document_id').where('license_key', '=', 'org-retention-timer').orderBy('document_id').execute()).map(
      (row) => row.document_id,
    );

  it('purges shortly after start and then every hour, and stops running once stopped', async () => {
    await storeCollectedEvents(store.db, [
      eventReceived('a-40-days-old', new Date(clock.current.getTime() - 40 * dayMs)),
      eventReceived('b-29.99-days-old', new Date(clock.current.getTime() - 30 * dayMs + 60_000)),
      eventReceived('c-fresh', new Date(clock.current.getTime())),
    ]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const purge = startRetentionPurge(deps);

    await vi.advanceTimersByTimeAsync(29_000);
    await purge.stopped();
    expect(await remainingIds()).toEqual(['a-40-days-old', 'b-29.99-days-old', 'c-fresh']);

    await vi.advanceTimersByTimeAsync(1_000);
    await purge.stopped();
    expect(await remainingIds()).toEqual(['b-29.99-days-old', 'c-fresh']);

    // An hour later the next run sees the clock moved on by a day.
    clock.current = new Date(clock.current.getTime() + dayMs);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await purge.stopped();
    expect(await remainingIds()).toEqual(['c-fresh']);

    purge.stop();
    clock.current = new Date(clock.current.getTime() + 60 * dayMs);
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    await purge.stopped();
    expect(await remainingIds()).toEqual(['c-fresh']);
  });

  it('logs a failed run and keeps its schedule', async () => {
    const errors: unknown[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    const broken = { ...deps, logger, db: { deleteFrom: () => { throw new Error('store down'); } } as unknown as ServerDeps['db'] };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const purge = startRetentionPurge(broken);

    await vi.advanceTimersByTimeAsync(30_000);
    await purge.stopped();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await purge.stopped();
    purge.stop();

    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ msg: 'retention purge failed', err: { message: 'store down' } });
  });
});
