import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';

/**
 * Middleware that logs one structured line per request at `debug` level (method, path, status,
 * duration, request id). At the default `info` level it costs one level check per request, so the
 * collection endpoint keeps its throughput; errors are logged where they are handled.
 */
export function logRequests(logger: Logger, now: () => number = () => performance.now()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!logger.isLevelEnabled('debug')) return next();
    const started = now();
    await next();
    logger.debug(
      { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((now() - started) * 10) / 10 },
      'request',
    );
  };
}
