import { strokeLine } from './paint-op.js';
import type { PaintTarget } from './paint-op.js';

// Word prints the bar beside a changed line in the outside margin, a little way out from the
// text; pages without mirrored margins have it at the left. Grey, as the editor's bars in all markup.
const BAR_GAP = 14;
const BAR_WIDTH = 0.75;

/** Paints the change bar beside a band of the page from `top`, `height` high, in the left margin. */
export function paintChangeBar(target: PaintTarget, top: number, height: number): void {
  const x = Math.max(target.geometry.left - BAR_GAP, BAR_WIDTH);
  strokeLine(target, x, top, x, top + height, BAR_WIDTH, '5F6368');
}
