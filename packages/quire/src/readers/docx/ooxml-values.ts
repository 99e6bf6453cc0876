import type { Twips } from '../../model/units.js';

/**
 * Returns the value of an ST_OnOff attribute (ECMA-376 Part 1, 17.17.4): an absent `w:val` on a
 * present element means on; `false`, `0` and `off` mean off; anything else means on.
 */
export function parseOnOff(value: string | undefined): boolean {
  if (value === undefined) return true;
  const normalized = value.trim().toLowerCase();
  return normalized !== 'false' && normalized !== '0' && normalized !== 'off';
}

/** Returns a decimal integer attribute, or undefined when absent or not an integer in range. */
export function parseInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

// Twips per unit of a universal measure (ECMA-376 Part 1, 22.9.2.15 ST_UniversalMeasure).
const UNIVERSAL_UNITS: Readonly<Record<string, number>> = { mm: 1440 / 25.4, cm: 1440 / 2.54, in: 1440, pt: 20, pc: 240, pi: 240 };

/**
 * Returns a length in twips: a number of twips as Transitional documents write it, or a universal
 * measure (`2.5cm`, `12pt`) as Strict ones may. Undefined when absent, malformed or beyond ±31 680 000
 * twips (a 22 km page: no real document has it).
 */
export function parseTwips(value: string | undefined): Twips | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|pc|pi)?\s*$/.exec(value);
  if (!match) return undefined;
  const twips = Math.round(Number(match[1]) * (match[2] ? UNIVERSAL_UNITS[match[2]]! : 1));
  return Math.abs(twips) <= 31_680_000 ? twips : undefined;
}

/** Returns a colour as upper-case `RRGGBB`, `auto` for automatic, or undefined when it is neither. */
export function parseColor(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === 'auto') return 'auto';
  return /^[0-9A-Fa-f]{6}$/.test(trimmed) ? trimmed.toUpperCase() : undefined;
}

/** EMUs per twip: 914 400 EMUs and 1 440 twips make an inch (ECMA-376 Part 1, 20.1.2.1). */
const EMUS_PER_TWIP = 635;

/** Returns a DrawingML length (EMUs, ST_Coordinate) in twips, or undefined when not a positive number. */
export function parseEmuAsTwips(value: string | undefined): Twips | undefined {
  const emus = parseInteger(value);
  if (emus === undefined || emus <= 0) return undefined;
  return Math.max(1, Math.round(emus / EMUS_PER_TWIP));
}

/** Returns a CSS length of VML's `style` attribute (`72pt`, `1.5in`, `96px`) in twips, or undefined. */
export function parseCssLengthAsTwips(value: string | undefined): Twips | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(pt|in|cm|mm|pc|px)?\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = (match[2] ?? 'px').toLowerCase();
  const perUnit = unit === 'px' ? 15 : UNIVERSAL_UNITS[unit]!;
  const twips = Math.round(Number(match[1]) * perUnit);
  return twips > 0 && twips <= 31_680_000 ? twips : undefined;
}
