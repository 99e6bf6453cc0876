import { describe, expect, it } from 'vitest';
import { rankWorstFirst, summarizeScores } from '../../fidelity/summarize-scores.js';
import { failedRow, scoredRow } from './rows.js';

describe('summarizeScores', () => {
  it('gives the median, mean and count below the threshold of the scored documents, and counts failures apart', () => {
    const rows = [scoredRow('a', 0.5), scoredRow('b', 0.95), scoredRow('c', 0.8), failedRow('d', 'boom')];
    expect(summarizeScores(rows, 0.9)).toMatchObject({ documents: 4, scored: 3, failed: 1, median: 0.8, mean: (0.5 + 0.95 + 0.8) / 3, threshold: 0.9, belowThreshold: 2 });
  });

  it('adds up the page check of the documents both engines converted: page counts alike, and pages that start alike', () => {
    const rows = [
      { ...scoredRow('a', 0.9), pages: { samePageCount: true, referencePages: 3, sameStarts: 3 } },
      { ...scoredRow('b', 0.8), pages: { samePageCount: false, referencePages: 4, sameStarts: 1 } },
      failedRow('c', 'boom'),
    ];
    expect(summarizeScores(rows, 0.9).pages).toEqual({ compared: 2, samePageCount: 1, referencePages: 7, sameStarts: 4 });
  });

  it('takes the mean of the two middle scores as the median of an even count', () => {
    expect(summarizeScores([scoredRow('a', 0.4), scoredRow('b', 1), scoredRow('c', 0.6), scoredRow('d', 0.9)], 0.5).median).toBeCloseTo(0.75, 10);
  });

  it('leaves median and mean out when nothing was scored', () => {
    const summary = summarizeScores([failedRow('a', 'boom')], 0.9);
    expect(summary.median).toBeUndefined();
    expect(summary.mean).toBeUndefined();
    expect(summary.failed).toBe(1);
  });
});

describe('rankWorstFirst', () => {
  it('puts failed documents first, then scores from lowest to highest', () => {
    const rows = [scoredRow('good', 0.99), failedRow('zeta', 'x'), scoredRow('bad', 0.3), failedRow('alpha', 'y'), scoredRow('mid', 0.7)];
    expect(rankWorstFirst(rows).map((row) => row.name)).toEqual(['alpha', 'zeta', 'bad', 'mid', 'good']);
  });
});
