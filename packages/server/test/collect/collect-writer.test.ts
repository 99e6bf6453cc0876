import { describe, expect, it } from 'vitest';
import { createCollectWriter, type CollectWriterOptions } from '../../src/collect/collect-writer.js';
import type { CollectedEvent } from '../../src/collect/collected-event.js';

function eventFor(documentId: string): CollectedEvent {
  return {
    receivedAt: new Date('2026-01-31T09:15:00.000Z'),
    licenseKey: 'k',
    originHost: null,
    libraryVersion: '1',
    documentId,
    openedAt: '2026-01-31T09:15:00.000Z',
    documentCreatedAt: null,
    metadata: null,
  };
}

/** A store that records each batch and commits only when the test releases it. */
function gatedStore() {
  const batches: string[][] = [];
  const gates: Array<() => void> = [];
  return {
    batches,
    release: () => gates.shift()?.(),
    store: (events: readonly CollectedEvent[]) => {
      batches.push(events.map((event) => event.documentId));
      return new Promise<void>((resolve) => gates.push(resolve));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const writerWith = (store: CollectWriterOptions['store'], overrides: Partial<CollectWriterOptions> = {}) =>
  createCollectWriter({ store, maxConcurrentBatches: 1, maxBatchEvents: 100, ...overrides });

describe('createCollectWriter', () => {
  it('commits the writes queued in one turn of the event loop together, and settles each after the commit', async () => {
    const gate = gatedStore();
    const writer = writerWith(gate.store);
    const settled: string[] = [];
    const writes = ['a', 'b', 'c'].map((id) => writer.write([eventFor(id)]).then(() => settled.push(id)));
    expect(gate.batches).toEqual([]);

    await nextTurn();
    expect(gate.batches).toEqual([['a', 'b', 'c']]);
    expect(settled).toEqual([]);
    gate.release();
    await Promise.all(writes);
    expect(settled).toEqual(['a', 'b', 'c']);
  });

  it('commits a lone write on the next turn when the store is idle, without a timer', async () => {
    const gate = gatedStore();
    const writer = writerWith(gate.store);
    const write = writer.write([eventFor('a')]);

    await nextTurn();
    expect(gate.batches).toEqual([['a']]);
    gate.release();
    await write;
  });

  it('queues writes that arrive during a commit for the next batch, never exceeding maxBatchEvents', async () => {
    const gate = gatedStore();
    const writer = writerWith(gate.store, { maxBatchEvents: 2 });
    const first = writer.write([eventFor('a')]);
    await sleep(20);
    const rest = ['b', 'c', 'd'].map((id) => writer.write([eventFor(id)]));
    expect(gate.batches).toEqual([['a']]);

    gate.release();
    await first;
    await sleep(20);
    expect(gate.batches).toEqual([['a'], ['b', 'c']]);
    gate.release();
    await sleep(20);
    expect(gate.batches).toEqual([['a'], ['b', 'c'], ['d']]);
    gate.release();
    await Promise.all(rest);
  });

  it('runs up to maxConcurrentBatches commits side by side', async () => {
    const gate = gatedStore();
    const writer = writerWith(gate.store, { maxConcurrentBatches: 2, maxBatchEvents: 1 });
    const writes = ['a', 'b', 'c'].map((id) => writer.write([eventFor(id)]));

    await nextTurn();
    expect(gate.batches).toEqual([['a'], ['b']]);
    gate.release();
    await sleep(20);
    expect(gate.batches).toEqual([['a'], ['b'], ['c']]);
    gate.release();
    gate.release();
    await Promise.all(writes);
  });

  it('rejects only the faulty write when a grouped batch fails', async () => {
    const store = async (events: readonly CollectedEvent[]) => {
      if (events.some((event) => event.documentId === 'bad')) throw new Error('constraint violated');
    };
    const writer = writerWith(store);
    const results = await Promise.allSettled(['a', 'b', 'bad', 'c'].map((id) => writer.write([eventFor(id)])));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('commits queued writes on close at once, then refuses new writes', async () => {
    const stored: string[][] = [];
    const writer = writerWith(async (events) => void stored.push(events.map((event) => event.documentId)));
    const write = writer.write([eventFor('a')]);

    const closing = writer.close();
    expect(stored).toEqual([['a']]);
    await closing;
    await write;
    expect(stored).toEqual([['a']]);
    await expect(writer.write([eventFor('b')])).rejects.toThrow('closed');
  });
});
