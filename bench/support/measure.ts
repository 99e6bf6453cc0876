import { Bench } from 'tinybench';

/** What {@link measure} returns per task: median and p99 latency in milliseconds, and sample count. */
export interface Measurement {
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly samples: number;
}

/**
 * Runs each task with tinybench (warm-up, then at least `iterations` runs or `timeMs`, whichever is
 * longer) and returns its latency statistics. Throws when a task fails, so a broken
 * benchmark never prints a number.
 */
export async function measure(
  tasks: Record<string, () => unknown>,
  options: { timeMs?: number; iterations?: number } = {},
): Promise<Record<string, Measurement>> {
  const bench = new Bench({ time: options.timeMs ?? 1_000, iterations: options.iterations ?? 10 });
  for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
  await bench.run();
  const results: Record<string, Measurement> = {};
  for (const task of bench.tasks) {
    const result = task.result;
    if (result.state !== 'completed') {
      throw new Error(`benchmark task "${task.name}" did not complete: ${result.state === 'errored' ? String(result.error) : result.state}`);
    }
    results[task.name] = { medianMs: result.latency.p50, p99Ms: result.latency.p99, samples: result.latency.samplesCount };
  }
  return results;
}
