import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';

/**
 * Middleware that refuses (`DASHBOARD_ORIGIN_REFUSED`, 403) a request that a browser marks as
 * sent by another site: `Sec-Fetch-Site: cross-site`, or an `Origin` whose host is not the
 * request's `Host`. With the SameSite=Strict cookie, this keeps other pages from signing a
 * visitor in or out (login CSRF). Requests without either header (curl, tests) pass.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('sec-fetch-site') === 'cross-site') throw new ApiError('DASHBOARD_ORIGIN_REFUSED');
  const origin = c.req.header('origin');
  if (origin !== undefined && hostOf(origin) !== (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase()) {
    throw new ApiError('DASHBOARD_ORIGIN_REFUSED');
  }
  await next();
};

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
