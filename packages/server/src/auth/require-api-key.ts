import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { AppEnv } from '../http/app-env.js';
import { lacksBearerScheme, readBearerToken } from '../http/bearer-token.js';
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

/**
 * Middleware that admits a request only with `Authorization: Bearer sd_...` naming an issued,
 * unrevoked key, and sets `c.get('apiKey')`. Otherwise throws a 401 with `WWW-Authenticate`
 * (RFC 6750 section 3): `AUTH_SCHEME_MISSING` (credentials without the Bearer scheme),
 * `AUTH_KEY_MISSING`, `AUTH_KEY_INVALID` or `AUTH_KEY_REVOKED`.
 */
export function requireApiKey(deps: ServerDeps, options: RequireApiKeyOptions = {}): MiddlewareHandler<ApiKeyEnv> {
  const resolutionMs = (options.lastUsedResolutionSeconds ?? defaultAuthPolicy.lastUsedResolutionSeconds) * 1000;
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    // No credentials, or another scheme: the challenge carries no error code (RFC 6750 section 3.1).
    const authorization = c.req.header('authorization');
    if (lacksBearerScheme(authorization)) throw unauthorized('AUTH_SCHEME_MISSING', false);
    const apiKey = readBearerToken(authorization);
    if (apiKey === undefined) throw unauthorized('AUTH_KEY_MISSING', false);
    c.set('apiKey', await authenticateApiKey(deps, apiKey, resolutionMs));
    await next();
  });
}

/**
 * Returns the issued, unrevoked key that `apiKey` names, recording its use (at most once per
 * `lastUsedResolutionMs`). Throws a 401 `AUTH_KEY_INVALID` or `AUTH_KEY_REVOKED` otherwise.
 */
export async function authenticateApiKey(deps: ServerDeps, apiKey: string, lastUsedResolutionMs: number): Promise<AuthenticatedKey> {
  // The checksum rejects typos and foreign tokens without touching the store.
  if (!isWellFormedApiKey(apiKey)) throw unauthorized('AUTH_KEY_INVALID', true);
  const keyHash = hashApiKey(apiKey);
  const record = await findApiKeyByHash(deps.db, keyHash);
  if (record === undefined || !timingSafeEqual(Buffer.from(record.keyHash, 'hex'), Buffer.from(keyHash, 'hex'))) {
    throw unauthorized('AUTH_KEY_INVALID', true);
  }
  if (record.revokedAt !== null) throw unauthorized('AUTH_KEY_REVOKED', true);
  const now = deps.now();
  const staleBefore = new Date(now.getTime() - lastUsedResolutionMs);
  if (record.lastUsedAt === null || record.lastUsedAt < staleBefore) {
    await recordApiKeyUse(deps.db, record.id, now, staleBefore);
  }
  return { id: record.id, prefix: record.prefix, email: record.email };
}

function unauthorized(code: ErrorCode, keyGiven: boolean): ApiError {
  const challenge = keyGiven ? 'Bearer realm="quire", error="invalid_token"' : 'Bearer realm="quire"';
  return new ApiError(code, { headers: { 'www-authenticate': challenge } });
}
