import { ConversionError } from '../../conversion-error.js';
import { OfficeWorker, type BridgeJob, type BridgeOutcome, type OfficeWorkerConfig } from './office-worker.js';

/** Settings of an {@link OfficePool}. */
export interface OfficePoolConfig {
  /** Number of LibreOffice processes. */
  size: number;
  /** A process is restarted after this many conversions. */
  maxConversionsPerProcess: number;
  /** Conversions waiting for a free process beyond this many are refused with `CONVERT_BUSY`. */
  maxQueueLength: number;
  /** The configuration of worker `id`. */
  workerConfig: (id: number) => OfficeWorkerConfig;
}

/** Limits of one {@link OfficePool.run} call. */
export interface OfficeRunOptions {
  /** Time limit of the conversion from when a worker takes it; the wait in the queue is not counted. */
  timeoutMs: number;
  /** Longest wait in the queue for a free worker; past it `CONVERT_BUSY`. Undefined: no limit. */
  maxQueueWaitMs?: number | undefined;
  signal?: AbortSignal;
}

interface QueuedJob {
  start: (worker: OfficeWorker) => void;
  reject: (reason: unknown) => void;
}

/**
 * A fixed set of LibreOffice workers, each running one conversion at a time, fed from a FIFO
 * queue. A worker stopped by a timeout, abort or crash is restarted before it takes the next job,
 * and one that reached `maxConversionsPerProcess` is shut down and restarted.
 */
export class OfficePool {
  private readonly workers: OfficeWorker[];
  private readonly idle: OfficeWorker[];
  private readonly queue: QueuedJob[] = [];
  private closed = false;
  private jobCount = 0;
  private readonly killOnExit = () => {
    for (const worker of this.workers) worker.killNow();
  };

  constructor(private readonly config: OfficePoolConfig) {
    this.workers = Array.from({ length: config.size }, (_, id) => new OfficeWorker(config.workerConfig(id)));
    this.idle = [...this.workers].reverse();
    // soffice runs in its own process group, so it would outlive Node; kill it on exit.
    process.on('exit', this.killOnExit);
  }

  /** The soffice process ids of the running workers, by worker index (undefined when stopped). */
  get pids(): readonly (number | undefined)[] {
    return this.workers.map((worker) => worker.pid);
  }

  /**
   * Runs `job` on the next free worker; its `timeoutMs` counts from when the worker takes it.
   * Rejects with `CONVERT_BUSY` when the queue is full or the job waited in it past
   * `maxQueueWaitMs`, `CONVERT_ENGINE_UNAVAILABLE` once closed, the signal's reason when aborted,
   * and otherwise as `OfficeWorker.run` does.
   */
  run(job: BridgeJob, options: OfficeRunOptions): Promise<BridgeOutcome> {
    if (this.closed) return Promise.reject(closedError());
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    const worker = this.idle.pop();
    if (worker) return this.runOn(worker, job, options);
    if (this.queue.length >= this.config.maxQueueLength) {
      return Promise.reject(
        new ConversionError('CONVERT_BUSY', `All LibreOffice processes are busy and ${this.queue.length} conversions are waiting.`, {
          engine: 'libreoffice',
          reason: 'queue_full',
        }),
      );
    }
    return new Promise<BridgeOutcome>((resolve, reject) => {
      const { signal, maxQueueWaitMs } = options;
      const leave = (reason: unknown) => {
        clearTimeout(expiry);
        signal?.removeEventListener('abort', onAbort);
        const index = this.queue.indexOf(entry);
        if (index >= 0) this.queue.splice(index, 1);
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const expiry =
        maxQueueWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              leave(
                new ConversionError('CONVERT_BUSY', `The conversion waited ${maxQueueWaitMs} ms for a free LibreOffice process and was not started.`, {
                  engine: 'libreoffice',
                  reason: 'queue_wait',
                }),
              );
            }, maxQueueWaitMs);
      const entry: QueuedJob = {
        start: (free) => {
          clearTimeout(expiry);
          signal?.removeEventListener('abort', onAbort);
          this.runOn(free, job, options).then(resolve, reject);
        },
        reject: leave,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(entry);
    });
  }

  /** Refuses queued conversions, stops every process and waits until they are gone. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const entry of this.queue.splice(0)) entry.reject(closedError());
    await Promise.all(this.workers.map((worker) => worker.close()));
    process.off('exit', this.killOnExit);
  }

  private async runOn(worker: OfficeWorker, job: BridgeJob, options: OfficeRunOptions): Promise<BridgeOutcome> {
    try {
      return await worker.run(job, { timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}), jobNumber: ++this.jobCount });
    } finally {
      this.release(worker);
    }
  }

  // Hands a healthy worker on at once; recycles or restarts any other in the background first.
  private release(worker: OfficeWorker): void {
    if (worker.isRunning && worker.conversions < this.config.maxConversionsPerProcess) {
      this.handOver(worker);
      return;
    }
    void (async () => {
      if (worker.conversions >= this.config.maxConversionsPerProcess) await worker.recycle();
      if (!this.closed) await worker.ensureStarted().catch(() => undefined);
      this.handOver(worker);
    })();
  }

  private handOver(worker: OfficeWorker): void {
    if (this.closed) return;
    const next = this.queue.shift();
    if (next) next.start(worker);
    else this.idle.push(worker);
  }
}

function closedError(): ConversionError {
  return new ConversionError('CONVERT_ENGINE_UNAVAILABLE', 'The LibreOffice engine is closed.', { engine: 'libreoffice' });
}
