import type { Node } from 'prosemirror-model';
import { readSectionPage } from '../../model/section-page.js';
import { twipsToPixels } from '../../model/units.js';
import { QuireOptionsError } from '../../quire-options-error.js';
import { SHEET_PAPER } from './render-context.js';

/** How large the document is shown: `fit-width` (the widest page fills the editor's width) or a scale, 1 being 100%. */
export type EditorZoom = 'fit-width' | number;

/** The smallest scale the editor shows (25%). */
export const MIN_ZOOM = 0.25;

/** The largest scale the editor shows (400%). */
export const MAX_ZOOM = 4;

// The gap between pages stands out of the sheet by this much on each side (style.css, .quire-page-gap).
const GAP_OVERHANG_PX = 12;

/** Returns `value` when it is a zoom the editor can show; throws a {@link QuireOptionsError} naming `option` otherwise. */
export function readZoom(value: unknown, option: string): EditorZoom {
  if (value === 'fit-width') return value;
  if (typeof value === 'number' && Number.isFinite(value) && value >= MIN_ZOOM && value <= MAX_ZOOM) return value;
  throw new QuireOptionsError(option, `must be 'fit-width' or a number from ${MIN_ZOOM} to ${MAX_ZOOM} (1 is 100%), got ${describe(value)}.`);
}

/** Returns the width in CSS pixels, at 100%, of the widest page of `doc` with the gaps beside it; 0 for a document without sections. */
export function widestPageWidth(doc: Node): number {
  let widest = 0;
  doc.forEach((child) => {
    if (child.type.name === 'section') widest = Math.max(widest, twipsToPixels(readSectionPage(child, SHEET_PAPER).pageSize.width));
  });
  return widest === 0 ? 0 : widest + 2 * GAP_OVERHANG_PX;
}

/**
 * Returns the scale at which content `contentWidth` CSS pixels wide fills `availableWidth`, within
 * the bounds; null when either is not a positive width (an editor not laid out, a hidden one).
 * Rounded down to a thousandth, so that rounding never makes the pages a pixel too wide.
 */
export function fitWidthScale(availableWidth: number, contentWidth: number): number | null {
  if (!(availableWidth > 0) || !(contentWidth > 0)) return null;
  const scale = Math.floor((availableWidth / contentWidth) * 1000) / 1000;
  return Math.min(Math.max(scale, MIN_ZOOM), MAX_ZOOM);
}

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}
