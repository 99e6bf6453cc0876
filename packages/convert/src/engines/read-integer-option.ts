import { QuireOptionsError } from 'quire/telemetry';

/** setTimeout's own ceiling (2^31 - 1 ms, about 24.8 days), the largest time an option can hold. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Returns `value`, or `fallback` when it is undefined. Throws a `QuireOptionsError` naming
 * `option` when it is not a safe integer from `min` to `max`.
 */
export function readIntegerOption(value: unknown, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new QuireOptionsError(option, `must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/** Like {@link readIntegerOption}, for an option whose absence means "no limit": undefined stays undefined. */
export function readOptionalIntegerOption(value: unknown, option: string, min: number, max: number): number | undefined {
  return value === undefined ? undefined : readIntegerOption(value, option, min, min, max);
}
