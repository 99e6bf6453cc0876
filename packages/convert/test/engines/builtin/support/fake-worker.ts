// A stand-in for a worker thread whose tasks finish only when the test answers them, for pool
// tests that must not depend on how fast the machine is.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { BuiltinTask } from '../../../../src/engines/builtin/worker-messages.js';

/** A {@link createFakeWorker} worker: the tasks it was given, and a way to answer them. */
export interface FakeWorker {
  /** What the pool sees. */
  readonly worker: Worker;
  /** Tasks posted to this worker, in order. */
  readonly tasks: BuiltinTask[];
  /** True once the pool terminated the worker. */
  readonly terminated: boolean;
  /** Answers the task with id `id` with its own input as output. */
  answer(id: number): void;
}

/** Returns a fake worker that records posted tasks and answers them when told. */
export function createFakeWorker(threadId: number): FakeWorker {
  const tasks: BuiltinTask[] = [];
  const emitter = new EventEmitter();
  let terminated = false;
  const worker = Object.assign(emitter, {
    threadId,
    ref: () => undefined,
    unref: () => undefined,
    postMessage: (task: BuiltinTask) => tasks.push(task),
    terminate: async () => {
      terminated = true;
      emitter.emit('exit', 1);
      return 1;
    },
  });
  return {
    worker: worker as unknown as Worker,
    tasks,
    get terminated() {
      return terminated;
    },
    answer(id) {
      const task = tasks.find((candidate) => candidate.id === id);
      if (!task) throw new Error(`no task ${id} was posted to worker ${threadId}`);
      emitter.emit('message', { id, ok: true, bytes: task.input, warnings: [`thread ${threadId}`] });
    },
  };
}
