/**
 * Thrown at construction when an option has an invalid shape or value. `option` names the offending
 * option by its path in the configuration (for example `telemetry.enabled`); `code` is always
 * `OPTIONS_INVALID`.
 */
export class QuireOptionsError extends Error {
  readonly code = 'OPTIONS_INVALID';
  readonly option: string;

  constructor(option: string, message: string) {
    super(`Invalid option \`${option}\`: ${message}`);
    this.name = 'QuireOptionsError';
    this.option = option;
  }
}

/** True when `value` is a {@link QuireOptionsError}. */
export function isQuireOptionsError(value: unknown): value is QuireOptionsError {
  return value instanceof QuireOptionsError;
}
