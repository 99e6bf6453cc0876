// Tests that guard against super-linear work compare two timings taken in the same test instead of
// holding one against a wall-clock limit: a slow or busy machine slows both sides of the ratio
// alike, so the ratio depends on how the work grows, not on how fast the machine is.

/** Options of {@link ratioOfMedians}. */
export interface RatioOfMediansOptions {
  /** How many times one sample of the baseline runs it, back to back; default 1. */
  baselineRuns?: number;
  /** How many samples of each side are taken; default 5. */
  rounds?: number;
}

/**
 * Resolves to the median time of `measured` divided by the median time of `baseline`, sampled
 * alternately so that a busy spell slows both sides and one slow sample does not move a median.
 * To check that work grows linearly, measure an input `k` times larger than the baseline's and
 * pass `baselineRuns: k`: linear work then gives about 1 and quadratic work about `k`, and both
 * sides take about as long, so they meet the same interruptions and garbage collections.
 */
export async function ratioOfMedians(
  measured: () => unknown,
  baseline: () => unknown,
  { baselineRuns = 1, rounds = 5 }: RatioOfMediansOptions = {},
): Promise<number> {
  const measuredMs: number[] = [];
  const baselineMs: number[] = [];
  // Which side goes first alternates, so that neither always runs in the wake of the other.
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 1) measuredMs.push(await timeOf(measured, 1));
    baselineMs.push(await timeOf(baseline, baselineRuns));
    if (round % 2 === 0) measuredMs.push(await timeOf(measured, 1));
  }
  return median(measuredMs) / median(baselineMs);
}

async function timeOf(run: () => unknown, times: number): Promise<number> {
  const started = performance.now();
  for (let time = 0; time < times; time++) await run();
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
