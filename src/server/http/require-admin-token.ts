import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { AppEnv } from './app-env.js';

// RFC 6750 section 2.1: "Bearer" 1*SP b64token, scheme case-insensitive.
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Middleware that admits a request only with `Authorization: Bearer <adminToken>`, compared in
 * constant time. Without a configured token the route is disabled (`USAGE_FORBIDDEN`, 403);
 * a missing or wrong token gives `unauthorized` (401, default `USAGE_UNAUTHORIZED`) with
 * `WWW-Authenticate` (RFC 6750 section 3).
 */
export function requireAdminToken(adminToken: string | undefined, unauthorized: ErrorCode = 'USAGE_UNAUTHORIZED'): MiddlewareHandler<AppEnv> {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return async (c, next) => {
    if (expected === undefined) throw new ApiError('USAGE_FORBIDDEN');
    const header = c.req.header('authorization');
    const token = header === undefined ? undefined : bearerPattern.exec(header)?.[1];
    if (token === undefined) {
      throw new ApiError(unauthorized, { headers: { 'www-authenticate': 'Bearer realm="quire-admin"' } });
    }
    // Comparing fixed-length digests hides both the token's length and where a guess differs.
    if (!timingSafeEqual(digest(token), expected)) {
      throw new ApiError(unauthorized, { headers: { 'www-authenticate': 'Bearer realm="quire-admin", error="invalid_token"' } });
    }
    await next();
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
