import { LEADER_CHARACTERS } from '../model/index.js';
import type { Fragment } from './line-layout.js';
import type { LayoutContext } from './layout-context.js';
import type { PaintTarget } from './paint-op.js';
import { paintDecorations } from './text-decoration.js';
import { baselineShift, drawnSize } from './text-style.js';

/**
 * Paints the space a tab spans: its leader, as many of the leader's characters as fit, set flush
 * against the text after the tab (as Word and LibreOffice set dot leaders), then the underline or
 * strikethrough of the tab's run, which Word draws across a tab too.
 */
export function paintTab(context: LayoutContext, target: PaintTarget, tab: Extract<Fragment, { kind: 'tab' }>, x: number, baseline: number): void {
  const size = drawnSize(tab.style);
  const y = baseline - baselineShift(tab.style);
  if (tab.leader !== null) {
    const char = LEADER_CHARACTERS[tab.leader];
    const file = context.catalog.segment(char, tab.style.family, tab.style)[0]!.file;
    const advance = context.measure(char, file, size);
    // A little room is left on both sides, so the leader never touches the words around it.
    const count = advance > 0 ? Math.floor((tab.width - advance / 2) / advance) : 0;
    if (count > 0) {
      const text = char.repeat(count);
      target.ops.push({ kind: 'text', text, x: x + tab.width - count * advance - advance / 4, y, width: count * advance, file, size, color: tab.style.color, wordSpacing: 0, rtl: false });
    }
  }
  const decorated = { x, width: tab.width, baseline: y, size, color: tab.style.color, underline: tab.style.underline, strike: tab.style.strike };
  paintDecorations(target, decorated, context.decorationMetrics(tab.file));
}
