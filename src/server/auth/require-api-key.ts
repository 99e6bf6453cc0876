import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { AppEnv } from '../http/app-env.js';
import { hashApiKey, isWellFormedApiKey } from './api-key.js';
import { defaultAuthPolicy } from './auth-policy.js';
import { findApiKeyByHash, recordApiKeyUse } from './key-store.js';

/** The key that authenticated a request, as `c.get('apiKey')` exposes it. */
export interface AuthenticatedKey {
  id: number;
  prefix: string;
  email: string;
}

/** The Hono environment of routes behind {@link requireApiKey}. */
export interface ApiKeyEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { apiKey: AuthenticatedKey };
}

/** Options of {@link requireApiKey}. */
export interface RequireApiKeyOptions {
  /** `last_used_at` is written only when older than this many seconds (default 60). */
  lastUsedResolutionSeconds?: number;
}

// RFC 6750 section 2.1: credentials = "Bearer" 1*SP b64token; the scheme is case-insensitive.
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Middleware that admits a request only with `Authorization: Bearer sd_...` naming an issued,
 * unrevoked key, and sets `c.get('apiKey')`. Otherwise throws a 401 with `WWW-Authenticate`
 * (RFC 6750 section 3): `AUTH_KEY_MISSING`, `AUTH_KEY_INVALID` or `AUTH_KEY_REVOKED`.
 */
export function requireApiKey(deps: ServerDeps, options: RequireApiKeyOptions = {}): MiddlewareHandler<ApiKeyEnv> {
  const resolutionMs = (options.lastUsedResolutionSeconds ?? defaultAuthPolicy.lastUsedResolutionSeconds) * 1000;
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    // No credentials, or another scheme: the challenge carries no error code (RFC 6750 section 3.1).
    const match = header === undefined ? null : bearerPattern.exec(header);
    const apiKey = match?.[1];
    if (apiKey === undefined) throw unauthorized('AUTH_KEY_MISSING', false);
    // The checksum rejects typos and foreign tokens without touching the store.
    if (!isWellFormedApiKey(apiKey)) throw unauthorized('AUTH_KEY_INVALID', true);
    const keyHash = hashApiKey(apiKey);
    const record = await findApiKeyByHash(deps.db, keyHash);
    if (record === undefined || !timingSafeEqual(Buffer.from(record.keyHash, 'hex'), Buffer.from(keyHash, 'hex'))) {
      throw unauthorized('AUTH_KEY_INVALID', true);
    }
    if (record.revokedAt !== null) throw unauthorized('AUTH_KEY_REVOKED', true);
    const now = deps.now();
    const staleBefore = new Date(now.getTime() - resolutionMs);
    if (record.lastUsedAt === null || record.lastUsedAt < staleBefore) {
      await recordApiKeyUse(deps.db, record.id, now, staleBefore);
    }
    c.set('apiKey', { id: record.id, prefix: record.prefix, email: record.email });
    await next();
  });
}

function unauthorized(code: ErrorCode, keyGiven: boolean): ApiError {
  const challenge = keyGiven ? 'Bearer realm="quire", error="invalid_token"' : 'Bearer realm="quire"';
  return new ApiError(code, { headers: { 'www-authenticate': challenge } });
}
