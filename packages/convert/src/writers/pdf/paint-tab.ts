import { LEADER_CHARACTERS } from 'quire/model';
import type { Fragment } from './line-layout.js';
import type { PdfContext } from './pdf-context.js';
import { paintDecorations } from './text-decoration.js';
import { baselineShift, drawnSize } from './text-style.js';

/**
 * Paints the space a tab spans: its leader, as many of the leader's characters as fit, set flush
 * against the text after the tab (as Word and LibreOffice set dot leaders), then the underline or
 * strikethrough of the tab's run, which Word draws across a tab too.
 */
export function paintTab(context: PdfContext, tab: Extract<Fragment, { kind: 'tab' }>, x: number, baseline: number): void {
  const size = drawnSize(tab.style);
  const y = baseline - baselineShift(tab.style);
  if (tab.leader !== null) {
    const char = LEADER_CHARACTERS[tab.leader];
    const file = context.catalog.segment(char, tab.style.family, tab.style)[0]!.file;
    const advance = context.measure(char, file, size);
    // A little room is left on both sides, so the leader never touches the words around it.
    const count = advance > 0 ? Math.floor((tab.width - advance / 2) / advance) : 0;
    if (count > 0) {
      context.useFont(file, size);
      context.pdf.fillColor(`#${tab.style.color}`).text(char.repeat(count), x + tab.width - count * advance - advance / 4, y, { lineBreak: false, baseline: 'alphabetic' });
    }
  }
  const decorated = { x, width: tab.width, baseline: y, size, color: tab.style.color, underline: tab.style.underline, strike: tab.style.strike };
  paintDecorations(context.pdf, decorated, context.decorationMetrics(tab.file));
}
