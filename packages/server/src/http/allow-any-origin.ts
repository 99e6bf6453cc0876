import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** Options of {@link allowAnyOrigin}. */
export interface AllowAnyOriginOptions {
  /** Methods listed in the preflight answer, e.g. `['POST']`. */
  methods: readonly string[];
  /** Request headers a page may send, lower case. */
  headers: readonly string[];
  /** Seconds a browser may cache the preflight answer. */
  maxAgeSeconds: number;
}

/**
 * CORS middleware for endpoints that any page may call without credentials (Fetch standard,
 * "CORS protocol"): answers preflights with 204 and the allowed methods and headers, and sets
 * `Access-Control-Allow-Origin: *` on every other response, errors included. It never allows
 * credentials, so `*` is safe: no cookie or HTTP authentication ever rides on these requests.
 */
export function allowAnyOrigin(options: AllowAnyOriginOptions): MiddlewareHandler<AppEnv> {
  const methods = [...options.methods, 'OPTIONS'].join(', ');
  const headers = options.headers.join(', ');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': methods,
        'access-control-allow-headers': headers,
        'access-control-max-age': String(options.maxAgeSeconds),
      });
    }
    await next();
    c.res.headers.set('access-control-allow-origin', '*');
  };
}
