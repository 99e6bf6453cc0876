import { errorCatalogue, type ErrorCode } from './catalogue.js';

/**
 * An expected failure thrown by a route: carries a catalogue code (which fixes the HTTP status),
 * optional details for the client, and optional response headers (e.g. `WWW-Authenticate`).
 * Its message goes on the wire, so it defaults to the catalogue's generic message.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: { message?: string; details?: unknown; headers?: Record<string, string> } = {}) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** True when `value` is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
