import type { FidelityRow } from './fidelity-row.js';

/** The figures at the top of the report. */
export interface FidelitySummary {
  /** Documents in the report. */
  documents: number;
  /** Documents with a score (both engines converted and rendered page 1). */
  scored: number;
  /** Documents where either engine failed. */
  failed: number;
  /** Median score of the scored documents; undefined when none was scored. */
  median?: number;
  /** Mean score of the scored documents; undefined when none was scored. */
  mean?: number;
  /** The threshold below which a score counts as a shortfall. */
  threshold: number;
  /** Scored documents whose score is below the threshold. */
  belowThreshold: number;
  /** The page check: documents both engines converted, those with as many pages, and LibreOffice's pages and how many of them start alike. */
  pages: { compared: number; samePageCount: number; referencePages: number; sameStarts: number };
}

/** Returns the count, median and mean of the scores and how many fall below `threshold`. */
export function summarizeScores(rows: readonly FidelityRow[], threshold: number): FidelitySummary {
  const scores = rows.flatMap((row) => (row.score === undefined ? [] : [row.score])).sort((a, b) => a - b);
  const summary: FidelitySummary = {
    documents: rows.length,
    scored: scores.length,
    failed: rows.length - scores.length,
    threshold,
    belowThreshold: scores.filter((score) => score < threshold).length,
    pages: { compared: 0, samePageCount: 0, referencePages: 0, sameStarts: 0 },
  };
  for (const row of rows) {
    if (!row.pages) continue;
    summary.pages.compared++;
    if (row.pages.samePageCount) summary.pages.samePageCount++;
    summary.pages.referencePages += row.pages.referencePages;
    summary.pages.sameStarts += row.pages.sameStarts;
  }
  if (scores.length === 0) return summary;
  const middle = Math.floor(scores.length / 2);
  summary.median = scores.length % 2 === 1 ? scores[middle] : ((scores[middle - 1] ?? 0) + (scores[middle] ?? 0)) / 2;
  summary.mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return summary;
}

/** Returns the rows worst first: failed documents (no score) by name, then by ascending score. */
export function rankWorstFirst(rows: readonly FidelityRow[]): FidelityRow[] {
  return [...rows].sort((a, b) => {
    if (a.score === undefined || b.score === undefined) {
      if (a.score !== b.score) return a.score === undefined ? -1 : 1;
      return a.name.localeCompare(b.name);
    }
    return a.score - b.score || a.name.localeCompare(b.name);
  });
}
