import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** Middleware that marks every answer `Cache-Control: no-store`: codes, keys, sessions and usage must never sit in a shared or browser cache (RFC 9111 section 5.2.2.5). */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('cache-control', 'no-store');
};
