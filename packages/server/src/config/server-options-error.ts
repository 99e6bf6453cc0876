/** Thrown at start when an option or environment variable is invalid; the message names it. */
export class ServerOptionsError extends Error {
  /** The option or environment variable at fault, e.g. `PORT`. */
  readonly setting: string;

  constructor(setting: string, message: string) {
    super(`${setting}: ${message}`);
    this.name = 'ServerOptionsError';
    this.setting = setting;
  }
}

/** True when `value` is a {@link ServerOptionsError}. */
export function isServerOptionsError(value: unknown): value is ServerOptionsError {
  return value instanceof ServerOptionsError;
}
