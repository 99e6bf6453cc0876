/**
 * Lengths in the model are twips (twentieths of a point, 1/1440 inch), the unit WordprocessingML
 * uses for page, paragraph and table geometry (ECMA-376 Part 1, 17.18.105 ST_TwipsMeasure), so a
 * DOCX round trip keeps exact integers. Font sizes are points; colours are `RRGGBB` hex, upper case.
 */
export type Twips = number;

/** Twips in one inch. */
export const TWIPS_PER_INCH = 1440;

/** Twips in one point. */
export const TWIPS_PER_POINT = 20;

/** Twips in one CSS pixel (CSS fixes 96 pixels to the inch). */
export const TWIPS_PER_PIXEL = 15;

/** Returns the twips in `px` CSS pixels, rounded to a whole twip. */
export function pixelsToTwips(px: number): Twips {
  return Math.round(px * TWIPS_PER_PIXEL);
}

/** Returns the CSS pixels in `twips`, unrounded. */
export function twipsToPixels(twips: Twips): number {
  return twips / TWIPS_PER_PIXEL;
}

/** Returns the twips in `pt` points, rounded to a whole twip. */
export function pointsToTwips(pt: number): Twips {
  return Math.round(pt * TWIPS_PER_POINT);
}
