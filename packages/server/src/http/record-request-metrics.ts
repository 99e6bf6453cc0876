import type { MiddlewareHandler } from 'hono';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { AppEnv } from './app-env.js';
import { readRoutePattern } from './route-pattern.js';

/**
 * Middleware that reports every answered request (errors, 404 and 405 included) to `metrics`
 * with its method, route pattern, status and duration.
 */
export function recordRequestMetrics(metrics: ServerMetrics, now: () => number = () => performance.now()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    metrics.requestAnswered({ method: c.req.method, route: readRoutePattern(c), status: c.res.status, seconds: (now() - started) / 1000 });
  };
}
