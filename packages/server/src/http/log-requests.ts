import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';
import { readRoutePattern } from './route-pattern.js';

/**
 * Middleware that logs one JSON line per answered request at `info`: request id, method, route
 * pattern, path, status and duration in milliseconds. `LOG_LEVEL=warn` turns these lines off.
 */
export function logRequests(logger: Logger, now: () => number = () => performance.now()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!logger.isLevelEnabled('info')) return next();
    const started = now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        route: readRoutePattern(c),
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
