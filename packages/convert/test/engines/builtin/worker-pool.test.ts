import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../../../src/engines/builtin/worker-pool.js';
import { codeOf } from '../../support/error-code.js';
import { createFakeWorker, type FakeWorker } from './support/fake-worker.js';

const script = new URL('./support/scripted-worker.mjs', import.meta.url);
const command = (text: string) => ({ input: new TextEncoder().encode(text), from: 'md' as const, to: 'docx' as const });
const pools: WorkerPool[] = [];

function startPool(options: Partial<WorkerPoolOptions> = {}): WorkerPool {
  const pool = createWorkerPool({
    size: 2,
    maxQueueLength: 4,
    maxHeapMb: 32,
    startWorker: () => new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: 32 } }),
    ...options,
  });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('createWorkerPool', () => {
  it('never has more workers alive than its size, however many tasks arrive at once', async () => {
    let started = 0;
    let alive = 0;
    let mostAlive = 0;
    const pool = startPool({
      size: 2,
      maxQueueLength: 16,
      startWorker: () => {
        started++;
        const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: 32 } });
        worker.once('online', () => {
          alive++;
          mostAlive = Math.max(mostAlive, alive);
        });
        worker.once('exit', () => alive--);
        return worker;
      },
    });
    const answers = await Promise.all(Array.from({ length: 12 }, () => pool.run(command('wait:20'), { timeoutMs: 10_000 })));
    expect(answers).toHaveLength(12);
    expect(started).toBe(2);
    expect(mostAlive).toBeLessThanOrEqual(2);
    expect(new Set(answers.map((answer) => answer.warnings[0])).size).toBe(2);
  });

  it('refuses a task with CONVERT_BUSY, saying the queue was full, when every worker is busy and the queue is full', async () => {
    const pool = startPool({ size: 1, maxQueueLength: 1 });
    const running = pool.run(command('wait:200'), { timeoutMs: 5000 });
    const queued = pool.run(command('echo'), { timeoutMs: 5000 });
    await expect(pool.run(command('echo'), { timeoutMs: 5000 })).rejects.toMatchObject({ code: 'CONVERT_BUSY', reason: 'queue_full' });
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });

  it('stops a worker stuck past the time limit with CONVERT_TIMEOUT and replaces it for the next task', async () => {
    const pool = startPool({ size: 1 });
    await pool.run(command('echo'), { timeoutMs: 5000 });
    const stuckThread = pool.threadIds[0];
    expect(await codeOf(pool.run(command('spin'), { timeoutMs: 200 }))).toBe('CONVERT_TIMEOUT');
    const next = await pool.run(command('echo'), { timeoutMs: 5000 });
    expect(pool.threadIds[0]).not.toBe(stuckThread);
    expect(next.warnings).toEqual([`thread ${pool.threadIds[0]}`]);
  });

  describe('with a clock the test controls', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    function startFakePool(options: Partial<WorkerPoolOptions> = {}): { pool: WorkerPool; workers: FakeWorker[] } {
      const workers: FakeWorker[] = [];
      const pool = startPool({
        size: 1,
        startWorker: () => {
          const fake = createFakeWorker(workers.length + 1);
          workers.push(fake);
          return fake.worker;
        },
        ...options,
      });
      return { pool, workers };
    }

    it('starts no worker before the first task and runs tasks side by side on distinct workers', async () => {
      const { pool, workers } = startFakePool({ size: 2 });
      expect(pool.threadIds).toEqual([undefined, undefined]);
      const first = pool.run(command('one'), { timeoutMs: 60_000 });
      const second = pool.run(command('two'), { timeoutMs: 60_000 });
      // Both are at work before either has answered.
      expect(workers.map((worker) => worker.tasks.map((task) => new TextDecoder().decode(task.input)))).toEqual([['one'], ['two']]);
      expect(pool.threadIds).toEqual([1, 2]);
      workers[1]!.answer(2);
      workers[0]!.answer(1);
      expect((await first).warnings).toEqual(['thread 1']);
      expect((await second).warnings).toEqual(['thread 2']);
    });

    it('stops a worker left idle for idleTimeoutMs and starts a fresh one for the next task', async () => {
      const { pool, workers } = startFakePool({ idleTimeoutMs: 100 });
      const first = pool.run(command('first'), { timeoutMs: 60_000 });
      workers[0]!.answer(1);
      await first;
      // Idle for less than the limit: the same worker takes the next task.
      vi.advanceTimersByTime(99);
      const second = pool.run(command('second'), { timeoutMs: 60_000 });
      workers[0]!.answer(2);
      await second;
      expect(pool.threadIds).toEqual([1]);
      vi.advanceTimersByTime(100);
      expect(pool.threadIds).toEqual([undefined]);
      expect(workers[0]!.terminated).toBe(true);
      const third = pool.run(command('third'), { timeoutMs: 60_000 });
      workers[1]!.answer(3);
      expect((await third).warnings).toEqual(['thread 2']);
    });

    it('does not count the time a task waits in the queue against its time limit', async () => {
      const { pool, workers } = startFakePool();
      const running = pool.run(command('first'), { timeoutMs: 60_000 });
      const waiting = pool.run(command('second'), { timeoutMs: 1000 });
      // The second task waits ten times its limit for the one worker.
      vi.advanceTimersByTime(10_000);
      workers[0]!.answer(1);
      await expect(running).resolves.toBeDefined();
      expect(workers[0]!.tasks.map((task) => task.id)).toEqual([1, 2]);
      workers[0]!.answer(2);
      expect(new TextDecoder().decode((await waiting).bytes)).toBe('second');
    });

    it('counts the time limit from when a worker takes the task, and then stops it with CONVERT_TIMEOUT', async () => {
      const { pool, workers } = startFakePool();
      const running = pool.run(command('first'), { timeoutMs: 60_000 });
      let outcome = 'pending';
      const waiting = codeOf(pool.run(command('spin'), { timeoutMs: 1000 })).then((code) => (outcome = code));
      vi.advanceTimersByTime(5000);
      workers[0]!.answer(1);
      await running;
      vi.advanceTimersByTime(999);
      await Promise.resolve();
      expect(outcome).toBe('pending');
      vi.advanceTimersByTime(1);
      expect(await waiting).toBe('CONVERT_TIMEOUT');
      // The stuck worker was stopped; the next task gets a fresh one.
      const next = pool.run(command('next'), { timeoutMs: 1000 });
      workers[1]!.answer(3);
      expect((await next).warnings).toEqual(['thread 2']);
    });

    it('withdraws a task that waited past maxQueueWaitMs with CONVERT_BUSY, saying the wait ran out, never starting it, and keeps serving', async () => {
      const { pool, workers } = startFakePool();
      const running = pool.run(command('first'), { timeoutMs: 60_000 });
      const waiting = pool.run(command('second'), { timeoutMs: 60_000, maxQueueWaitMs: 2000 }).catch((error: unknown) => error);
      vi.advanceTimersByTime(1999);
      const patient = pool.run(command('third'), { timeoutMs: 60_000, maxQueueWaitMs: 2000 });
      vi.advanceTimersByTime(1);
      expect(await waiting).toMatchObject({ code: 'CONVERT_BUSY', reason: 'queue_wait' });
      workers[0]!.answer(1);
      await running;
      // The withdrawn task never reached the worker; the one queued after it did.
      expect(workers[0]!.tasks.map((task) => new TextDecoder().decode(task.input))).toEqual(['first', 'third']);
      workers[0]!.answer(3);
      await expect(patient).resolves.toBeDefined();
    });
  });

  it('rejects with the signal reason when aborted, waiting or running', async () => {
    const pool = startPool({ size: 1 });
    const controller = new AbortController();
    const running = pool.run(command('spin'), { timeoutMs: 10_000, signal: controller.signal });
    const waiting = pool.run(command('echo'), { timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client gone')), 50);
    await expect(running).rejects.toThrow('client gone');
    await expect(waiting).rejects.toThrow('client gone');
    await expect(pool.run(command('echo'), { timeoutMs: 5000 })).resolves.toBeDefined();
  });

  it('reports a worker that exits or throws as CONVERT_ENGINE_FAILED and keeps serving', async () => {
    const pool = startPool({ size: 1 });
    expect(await codeOf(pool.run(command('exit'), { timeoutMs: 5000 }))).toBe('CONVERT_ENGINE_FAILED');
    expect(await codeOf(pool.run(command('throw'), { timeoutMs: 5000 }))).toBe('CONVERT_ENGINE_FAILED');
    await expect(pool.run(command('echo'), { timeoutMs: 5000 })).resolves.toBeDefined();
  });

  it('passes a refusal from the worker on as a ConversionError with its code and message', async () => {
    const pool = startPool({ size: 1 });
    await expect(pool.run(command('fail'), { timeoutMs: 5000 })).rejects.toMatchObject({ code: 'CONVERT_INPUT_INVALID', message: 'scripted refusal' });
  });

  it('answers a task that exhausts the worker heap with CONVERT_INPUT_INVALID, not a crash of the process', async () => {
    const pool = startPool({ size: 1 });
    const error = await pool.run(command('hog'), { timeoutMs: 20_000 }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'CONVERT_INPUT_INVALID', message: 'The document needs more than 32 MiB of memory to convert.' });
    await expect(pool.run(command('echo'), { timeoutMs: 5000 })).resolves.toBeDefined();
  }, 30_000);

  it('rejects waiting and running tasks on close, and every later task with CONVERT_ENGINE_UNAVAILABLE', async () => {
    const pool = startPool({ size: 1 });
    const running = codeOf(pool.run(command('spin'), { timeoutMs: 10_000 }));
    const waiting = codeOf(pool.run(command('echo'), { timeoutMs: 10_000 }));
    await pool.close();
    expect(await running).toBe('CONVERT_ENGINE_UNAVAILABLE');
    expect(await waiting).toBe('CONVERT_ENGINE_UNAVAILABLE');
    expect(await codeOf(pool.run(command('echo'), { timeoutMs: 5000 }))).toBe('CONVERT_ENGINE_UNAVAILABLE');
    expect(pool.threadIds).toEqual([undefined]);
  });

  it('passes a failure to start a worker to the task', async () => {
    const pool = startPool({
      startWorker: () => {
        throw new Error('no worker script');
      },
    });
    await expect(pool.run(command('echo'), { timeoutMs: 5000 })).rejects.toThrow('no worker script');
  });
});
