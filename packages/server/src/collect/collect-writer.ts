import type { CollectedEvent } from './collected-event.js';

/** Durable writes of collected events, shared by all requests. */
export interface CollectWriter {
  /** Resolves once `events` are committed; rejects when they could not be stored. */
  write(events: readonly CollectedEvent[]): Promise<void>;
  /** Commits everything queued, waits for it to settle, then refuses new writes. */
  close(): Promise<void>;
}

/** Options of {@link createCollectWriter}. */
export interface CollectWriterOptions {
  /** Stores one batch in one transaction. */
  store: (events: readonly CollectedEvent[]) => Promise<void>;
  /** Batches committed at the same time (1 for the single-connection embedded store). */
  maxConcurrentBatches: number;
  /** Most events in one batch. */
  maxBatchEvents: number;
}

interface PendingWrite {
  events: readonly CollectedEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Returns a group-commit writer: the writes queued in one turn of the event loop are committed
 * together in one transaction (at most `maxBatchEvents` events), up to `maxConcurrentBatches` at
 * a time; writes that arrive while every slot is busy wait and join the next batch. So an idle
 * store commits at once, and a busy one gets fewer, larger transactions. When a batch fails, its
 * writes are retried one by one so that only the faulty write is rejected.
 */
export function createCollectWriter(options: CollectWriterOptions): CollectWriter {
  const queue: PendingWrite[] = [];
  const running = new Set<Promise<void>>();
  let pumpScheduled = false;
  let closed = false;

  // setImmediate runs after the I/O phase, so every request parsed in this turn joins the batch.
  function schedule(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump(): void {
    while (running.size < options.maxConcurrentBatches && queue.length > 0) {
      const done = commitBatch(takeBatch()).finally(() => {
        running.delete(done);
        if (queue.length > 0) schedule();
      });
      running.add(done);
    }
  }

  function takeBatch(): PendingWrite[] {
    const batch: PendingWrite[] = [];
    let size = 0;
    while (queue.length > 0) {
      const next = queue[0]!;
      if (batch.length > 0 && size + next.events.length > options.maxBatchEvents) break;
      batch.push(queue.shift()!);
      size += next.events.length;
    }
    return batch;
  }

  async function commitBatch(batch: PendingWrite[]): Promise<void> {
    try {
      await options.store(batch.flatMap((write) => write.events));
      for (const write of batch) write.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const write of batch) {
        await options.store(write.events).then(write.resolve, write.reject);
      }
    }
  }

  return {
    write(events) {
      if (closed) return Promise.reject(new Error('The collect writer is closed.'));
      if (events.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        queue.push({ events, resolve, reject });
        schedule();
      });
    },
    async close() {
      closed = true;
      pump();
      while (running.size > 0 || queue.length > 0) {
        await Promise.allSettled([...running]);
        pump();
      }
    },
  };
}
