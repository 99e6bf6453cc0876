import { strokeLine } from './paint-op.js';
import type { PaintTarget } from './paint-op.js';
import type { DecorationMetrics } from './text-measurer.js';

/** A run of text to underline or strike through: where it stands and how it is drawn. */
export interface DecoratedRun {
  readonly x: number;
  readonly width: number;
  readonly baseline: number;
  /** The drawn font size in points. */
  readonly size: number;
  readonly color: string;
  readonly underline: string | null;
  readonly strike: boolean;
}

/**
 * Underlines and strikes through a run with the font's own metrics: the underline at the `post`
 * table's position and thickness (two thinner lines for `double`, a heavier one for `thick` and the
 * `*Heavy` kinds, dots and dashes for the dotted and dashed kinds), the strikethrough across the
 * middle of the x-height. Wavy underlines are drawn straight.
 */
export function paintDecorations(target: PaintTarget, run: DecoratedRun, metrics: DecorationMetrics): void {
  if (run.width <= 0 || (run.underline === null && !run.strike)) return;
  const thickness = Math.max(metrics.underlineThickness * run.size, 0.25);
  const stroke = (y: number, width: number, dash: { length: number; space: number } | null): void =>
    strokeLine(target, run.x, y, run.x + run.width, y, width, run.color, dash);
  if (run.underline !== null) {
    const top = run.baseline + metrics.underlineTop * run.size;
    if (run.underline === 'double' || run.underline === 'wavyDouble') {
      const thin = Math.max(thickness * 0.6, 0.25);
      stroke(top + thin / 2, thin, null);
      stroke(top + thin * 2.5, thin, null);
    } else {
      const heavy = run.underline === 'thick' || run.underline.endsWith('Heavy');
      const width = heavy ? thickness * 2 : thickness;
      stroke(top + width / 2, width, dashOf(run.underline, width));
    }
  }
  if (run.strike) stroke(run.baseline - (metrics.xHeight * run.size) / 2, thickness, null);
}

// Dots as long as the line is thick, dashes three times that (ECMA-376 Part 1, 17.18.99 ST_Underline).
function dashOf(kind: string, width: number): { length: number; space: number } | null {
  if (kind.startsWith('dotted')) return { length: width, space: width * 1.5 };
  if (/dash/i.test(kind)) return { length: width * 3, space: width * 2 };
  return null;
}
