import type { ResolvedPos } from 'prosemirror-model';
import { sheetGeometry } from '../view/render-context.js';

/** Returns the width in twips of the text column at `$pos`: its section's page width less the margins (at least one inch). */
export function textWidthAt($pos: ResolvedPos): number {
  const section = $pos.depth >= 1 && $pos.node(1).type.name === 'section' ? $pos.node(1) : null;
  const { pageSize, margins } = sheetGeometry(section);
  return Math.max(1440, pageSize.width - margins.left - margins.right - margins.gutter);
}
