/** Limits of {@link timeMedian}. */
export interface TimeMedianOptions {
  /** Runs at least this many times after the warm-up run. */
  minIterations: number;
  /** Keeps running until this much time has passed, up to `maxIterations`. */
  minTimeMs: number;
  maxIterations: number;
}

/**
 * Runs `task` once to warm up, then repeatedly as `options` say, and returns the median wall time
 * of one run in milliseconds. Rejects as soon as a run fails, so a broken case never prints a number.
 */
export async function timeMedian(task: () => Promise<unknown>, options: TimeMedianOptions): Promise<number> {
  await task();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < options.maxIterations && (samples.length < options.minIterations || performance.now() - started < options.minTimeMs)) {
    const runStarted = performance.now();
    await task();
    samples.push(performance.now() - runStarted);
  }
  return median(samples);
}

/** Returns the median of `values` (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
