import type { PaperSize } from 'quire/model';

// Regions whose default paper is US Letter (Unicode CLDR, supplementalData paperSize "US-Letter");
// every other region uses A4.
const letterRegions = new Set(['BZ', 'CA', 'CL', 'CO', 'CR', 'GT', 'MX', 'NI', 'PA', 'PH', 'PR', 'SV', 'US', 'VE']);

/**
 * Returns the default paper of a BCP 47 locale: `Letter` where its region (given, or the likely one:
 * `en` means `en-US`) uses US Letter, else `A4`. Throws `RangeError` for a malformed tag.
 */
export function paperSizeForLocale(locale: string): PaperSize {
  const region = new Intl.Locale(locale).maximize().region;
  return region !== undefined && letterRegions.has(region) ? 'Letter' : 'A4';
}

/** True when `value` is a well-formed BCP 47 language tag (as `Intl.Locale` accepts it). */
export function isLocaleTag(value: string): boolean {
  try {
    new Intl.Locale(value);
    return value.length <= 35;
  } catch {
    return false;
  }
}
