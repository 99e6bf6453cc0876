import type { FidelityRow } from '../../fidelity/fidelity-row.js';

/** A report row with both engines converted and rendered, scored `score`. */
export function scoredRow(name: string, score: number): FidelityRow {
  return {
    name,
    builtin: { ms: 120, pages: 2, image: `images/${name}-builtin.png`, size: { width: 510, height: 660 } },
    libreoffice: { ms: 480, pages: 3, image: `images/${name}-libreoffice.png`, size: { width: 510, height: 660 } },
    score,
    sameSize: true,
  };
}

/** A report row whose built-in conversion failed with `error`. */
export function failedRow(name: string, error: string): FidelityRow {
  return {
    name,
    builtin: { ms: 5, error },
    libreoffice: { ms: 480, pages: 1, image: `images/${name}-libreoffice.png`, size: { width: 510, height: 660 } },
  };
}
