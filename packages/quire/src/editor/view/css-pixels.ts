import { twipsToPixels } from '../../model/units.js';

/** Twips as CSS pixels to a hundredth, the precision the editor sets lengths at. */
export function roundedPixels(twips: number): number {
  return Math.round(twipsToPixels(twips) * 100) / 100;
}

/** Twips as a CSS length in pixels (`12.5px`). */
export function cssPixels(twips: number): string {
  return `${roundedPixels(twips)}px`;
}
