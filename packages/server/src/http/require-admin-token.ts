import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { AppEnv } from './app-env.js';
import { readBearerToken } from './bearer-token.js';

/**
 * Middleware that admits a request only with `Authorization: Bearer <adminToken>`, compared in
 * constant time. Without a configured token the route is disabled (`USAGE_FORBIDDEN`, 403);
 * a missing or wrong token gives `unauthorized` (401, default `USAGE_UNAUTHORIZED`) with
 * `WWW-Authenticate` (RFC 6750 section 3).
 */
export function requireAdminToken(adminToken: string | undefined, unauthorized: ErrorCode = 'USAGE_UNAUTHORIZED'): MiddlewareHandler<AppEnv> {
  const isAdminToken = adminToken === undefined ? undefined : createAdminTokenCheck(adminToken);
  return async (c, next) => {
    if (isAdminToken === undefined) throw new ApiError('USAGE_FORBIDDEN');
    const token = readBearerToken(c.req.header('authorization'));
    if (token === undefined) {
      throw new ApiError(unauthorized, { headers: { 'www-authenticate': 'Bearer realm="quire-admin"' } });
    }
    if (!isAdminToken(token)) {
      throw new ApiError(unauthorized, { headers: { 'www-authenticate': 'Bearer realm="quire-admin", error="invalid_token"' } });
    }
    await next();
  };
}

/** Returns a check of whether a token is `adminToken`, in constant time. */
export function createAdminTokenCheck(adminToken: string): (token: string) => boolean {
  const expected = digest(adminToken);
  // Comparing fixed-length digests hides both the token's length and where a guess differs.
  return (token) => timingSafeEqual(digest(token), expected);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
