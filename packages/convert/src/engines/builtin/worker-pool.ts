import type { Worker } from 'node:worker_threads';
import { ConversionError, type ConversionErrorReason } from '../../conversion-error.js';
import { isBuiltinAnswer, type BuiltinAnswer, type BuiltinOutput, type BuiltinTask } from './worker-messages.js';

/** Settings of a {@link WorkerPool}. */
export interface WorkerPoolOptions {
  /** Number of worker threads; each runs one task at a time. */
  size: number;
  /** Tasks waiting for a free worker beyond this many are refused with `CONVERT_BUSY`. */
  maxQueueLength: number;
  /** Starts one worker (which answers {@link BuiltinTask}s); may throw a `ConversionError`. */
  startWorker: () => Worker;
  /** The workers' heap limit in MiB, named when one runs out of memory. */
  maxHeapMb: number;
  /** A worker left without a task this long is stopped, returning its memory, and started again on demand; default never. */
  idleTimeoutMs?: number;
}

/** Limits of one {@link WorkerPool.run} call. */
export interface RunTaskOptions {
  /** Time from when a worker takes the task to its answer (the wait in the queue is not counted); past it the worker is stopped with `CONVERT_TIMEOUT`. */
  timeoutMs: number;
  /** Longest the task may wait in the queue for a free worker; past it the task is withdrawn with `CONVERT_BUSY`, never started. Default (undefined) no limit. */
  maxQueueWaitMs?: number | undefined;
  /** Cancels the task; `run` then rejects with the signal's reason and stops the worker. */
  signal?: AbortSignal;
}

/** A fixed set of worker threads fed from a bounded FIFO queue. */
export interface WorkerPool {
  /** Runs a task on the next free worker; rejects with a `ConversionError` (or the signal's reason). */
  run(task: Omit<BuiltinTask, 'id'>, options: RunTaskOptions): Promise<BuiltinOutput>;
  /** Thread ids of the running workers by slot (undefined before first use or after a stop), for monitoring. */
  readonly threadIds: readonly (number | undefined)[];
  /** Refuses new tasks, rejects waiting and running ones and stops every worker. */
  close(): Promise<void>;
}

interface Job {
  task: BuiltinTask;
  /** Called when a worker takes the task: its time limit starts now. */
  begin(): void;
  settle(outcome: { ok: true; output: BuiltinOutput } | { ok: false; reason: unknown }): void;
}

interface Slot {
  worker: Worker | undefined;
  job: Job | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Returns a pool that starts its workers on first use, never more than `size`. A worker that times
 * out, is aborted, crashes or runs out of memory is terminated (the only way to stop synchronous
 * work) and replaced on the next task; idle workers do not keep the process alive, and with
 * `idleTimeoutMs` they are stopped.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots: Slot[] = Array.from({ length: options.size }, () => ({ worker: undefined, job: undefined, idleTimer: undefined }));
  const queue: Job[] = [];
  let closed = false;
  let nextId = 1;

  const dispatch = (): void => {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      try {
        slot.worker ??= watch(slot, options.startWorker());
      } catch (error) {
        job.settle({ ok: false, reason: error });
        continue;
      }
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.task);
      job.begin();
    }
  };

  const watch = (slot: Slot, worker: Worker): Worker => {
    const endJob = (reason: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const job = slot.job;
      slot.job = undefined;
      job?.settle({ ok: false, reason });
      dispatch();
    };
    worker.on('message', (answer: unknown) => {
      const job = slot.job;
      if (slot.worker !== worker || !job || !isBuiltinAnswer(answer) || answer.id !== job.task.id) return;
      slot.job = undefined;
      worker.unref();
      job.settle(toOutcome(answer));
      dispatch();
      if (!slot.job) stopWhenIdle(slot, worker);
    });
    worker.on('error', (error) => endJob(describeWorkerError(error, options.maxHeapMb)));
    worker.on('exit', () => endJob(failure('CONVERT_ENGINE_FAILED', 'A built-in engine worker stopped unexpectedly.')));
    worker.unref();
    return worker;
  };

  const stopWhenIdle = (slot: Slot, worker: Worker): void => {
    if (options.idleTimeoutMs === undefined) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.worker !== worker || slot.job) return;
      slot.worker = undefined;
      void worker.terminate();
    }, options.idleTimeoutMs);
    slot.idleTimer.unref();
  };

  // Removes a job from the queue, or stops the worker running it.
  const withdraw = (job: Job): void => {
    const queued = queue.indexOf(job);
    if (queued !== -1) queue.splice(queued, 1);
    const slot = slots.find((candidate) => candidate.job === job);
    if (!slot) return;
    const worker = slot.worker;
    slot.worker = undefined;
    slot.job = undefined;
    void worker?.terminate();
    dispatch();
  };

  return {
    get threadIds() {
      return slots.map((slot) => slot.worker?.threadId);
    },
    run(task, { timeoutMs, maxQueueWaitMs, signal }) {
      if (closed) return Promise.reject(failure('CONVERT_ENGINE_UNAVAILABLE', 'The built-in engine is closed.'));
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (slots.every((slot) => slot.job) && queue.length >= options.maxQueueLength) {
        return Promise.reject(failure('CONVERT_BUSY', `The built-in engine has ${queue.length} conversions waiting; try again later.`, 'queue_full'));
      }
      return new Promise<BuiltinOutput>((resolve, reject) => {
        let done = false;
        // First the limit of the wait in the queue (if any), then, once a worker takes the task, the time limit of the work.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const job: Job = {
          task: { ...task, input: wholeBuffer(task.input), id: nextId++ },
          begin() {
            clearTimeout(timer);
            timer = setTimeout(() => stop(failure('CONVERT_TIMEOUT', `The conversion did not finish within ${timeoutMs} ms.`)), timeoutMs);
          },
          settle(outcome) {
            if (done) return;
            done = true;
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            if (outcome.ok) resolve(outcome.output);
            else reject(outcome.reason);
          },
        };
        const stop = (reason: unknown) => {
          if (done) return;
          job.settle({ ok: false, reason });
          withdraw(job);
        };
        if (maxQueueWaitMs !== undefined) {
          timer = setTimeout(() => stop(failure('CONVERT_BUSY', `The conversion waited ${maxQueueWaitMs} ms for a free worker and was not started; try again later.`, 'queue_wait')), maxQueueWaitMs);
        }
        const onAbort = () => stop(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const reason = failure('CONVERT_ENGINE_UNAVAILABLE', 'The built-in engine was closed during the conversion.');
      for (const job of queue.splice(0)) job.settle({ ok: false, reason });
      const workers = slots.flatMap((slot) => {
        const { worker, job } = slot;
        clearTimeout(slot.idleTimer);
        slot.worker = undefined;
        slot.job = undefined;
        job?.settle({ ok: false, reason });
        return worker ? [worker] : [];
      });
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

function toOutcome(answer: BuiltinAnswer): { ok: true; output: BuiltinOutput } | { ok: false; reason: unknown } {
  if (answer.ok) return { ok: true, output: { bytes: answer.bytes, warnings: answer.warnings } };
  return { ok: false, reason: failure(answer.code, answer.message) };
}

function describeWorkerError(error: Error, maxHeapMb: number): ConversionError {
  if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    // Each worker converts one document at a time, so its heap ran out on this document.
    return failure('CONVERT_INPUT_INVALID', `The document needs more than ${maxHeapMb} MiB of memory to convert.`);
  }
  return new ConversionError('CONVERT_ENGINE_FAILED', `A built-in engine worker failed: ${error.message.split('\n')[0]}`, { engine: 'builtin', cause: error });
}

function failure(code: ConversionError['code'], message: string, reason?: ConversionErrorReason): ConversionError {
  return new ConversionError(code, message, { engine: 'builtin', ...(reason ? { reason } : {}) });
}

// Posting a view copies its whole underlying buffer; copy just the view when it is part of a larger one.
function wholeBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
