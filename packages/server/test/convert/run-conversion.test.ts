// runConversion's time limits, with a clock the test controls and an engine that converts one
// document at a time, each finishing when the test says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngines } from '../../../convert/src/create-engines.js';
import type { ConversionEngine, ConversionResult } from '../../../convert/src/engine.js';
import { runConversion, type RunConversionOptions } from '../../src/convert/run-conversion.js';
import { ApiError } from '../../src/errors/api-error.js';
import { noServerMetrics } from '../../src/metrics/server-metrics.js';

/** An engine with one worker and a queue, which overlooks every time limit it is given. */
function createOneAtATimeEngine(): ConversionEngine & { finishRunning(): void; whenRunning(count: number): Promise<void> } {
  const waiting: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  let finishRunning: (() => void) | undefined;
  let running = 0;
  const result: ConversionResult = { bytes: new TextEncoder().encode('converted'), contentType: 'application/pdf', warnings: [] };
  const next = () => {
    const start = waiting.shift();
    if (start) start();
  };
  return {
    name: 'builtin',
    supports: () => true,
    whenRunning(count) {
      if (running >= count) return Promise.resolve();
      return new Promise<void>((resolve) => watchers.push({ count, resolve }));
    },
    async convert() {
      if (finishRunning) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      const started = new Promise<void>((resolve) => (finishRunning = resolve));
      for (const watcher of watchers.filter((candidate) => candidate.count <= running)) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
      await started;
      finishRunning = undefined;
      next();
      return result;
    },
    finishRunning: () => finishRunning?.(),
    close: async () => undefined,
  };
}

function options(engine: ConversionEngine, limits: Pick<RunConversionOptions, 'timeoutMs' | 'maxQueueWaitMs'>): RunConversionOptions {
  return {
    engines: createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [engine] }),
    env: {},
    maxInputBytes: 1024,
    retryAfterSeconds: 2,
    signal: new AbortController().signal,
    metrics: noServerMetrics,
    waitedOut: () => new ApiError('CONVERT_BUSY', { message: 'The wait ran out.' }),
    ...limits,
  };
}

const job = (text: string) => ({ bytes: new TextEncoder().encode(text), from: 'md' as const, to: 'pdf' as const, fileName: undefined });

describe('runConversion', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not count a conversion's wait in the engine's queue against its time limit", async () => {
    const engine = createOneAtATimeEngine();
    const limits = { timeoutMs: 1000, maxQueueWaitMs: 30_000 };
    const first = runConversion(job('first'), options(engine, limits));
    const second = runConversion(job('second'), options(engine, limits));
    await engine.whenRunning(1);
    // The second conversion waits behind the first ten times its time limit.
    await vi.advanceTimersByTimeAsync(10_000);
    engine.finishRunning();
    await expect(first).resolves.toMatchObject({ engine: 'builtin' });
    await engine.whenRunning(2);
    engine.finishRunning();
    await expect(second).resolves.toMatchObject({ engine: 'builtin' });
  });

  it('stops a conversion whose engine overlooks its limits once the longest wait and the time limit have both passed', async () => {
    const engine = createOneAtATimeEngine();
    let outcome = 'pending';
    const conversion = runConversion(job('stuck'), options(engine, { timeoutMs: 1000, maxQueueWaitMs: 5000 })).then(
      () => (outcome = 'resolved'),
      (error: { code?: string }) => (outcome = error.code ?? 'unknown'),
    );
    await engine.whenRunning(1);
    await vi.advanceTimersByTimeAsync(5999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await conversion;
    expect(outcome).toBe('CONVERT_TIMEOUT');
  });
});
