import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { findAccountByEmail } from '../accounts/account-store.js';
import { apiKeyPrefix } from '../auth/api-key.js';
import { defaultAuthPolicy } from '../auth/auth-policy.js';
import { enforceRateLimits } from '../auth/enforce-rate-limits.js';
import { authenticateApiKey } from '../auth/require-api-key.js';
import { readSessionCookie } from '../dashboard/session-cookie.js';
import { findSession } from '../dashboard/session-store.js';
import type { ServerDeps } from '../deps.js';
import { ApiError, isApiError } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readBearerToken } from '../http/bearer-token.js';
import { createAdminTokenCheck } from '../http/require-admin-token.js';
import { scopeOf, type LicenceScope } from './licence-scope.js';
import type { UsagePolicy } from './usage-policy.js';

/** Who reads usage: the operator (admin token), or a member of an account (API key or dashboard session). */
export type UsageReader =
  | { kind: 'admin'; keyPrefix: 'admin' }
  | { kind: 'account'; keyPrefix: string; email: string; licenseKeys: readonly string[] };

/** The Hono environment of routes behind {@link requireUsageReader}. */
export interface UsageReaderEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { usageReader: UsageReader };
}

/**
 * Middleware that admits a usage read by `Authorization: Bearer` with an `sd_` API key or the
 * admin token, or by a dashboard session cookie; sets `c.get('usageReader')`, counts the read
 * against the key's rate limit (`USAGE_RATE_LIMITED`) and logs every read, refused or not, with
 * the key's display prefix. An API key or session whose address belongs to no account reads nothing.
 */
export function requireUsageReader(deps: ServerDeps, policy: UsagePolicy): MiddlewareHandler<UsageReaderEnv> {
  const isAdminToken = deps.config.adminToken === undefined ? undefined : createAdminTokenCheck(deps.config.adminToken);
  const lastUsedResolutionMs = defaultAuthPolicy.lastUsedResolutionSeconds * 1000;

  async function identify(authorization: string | undefined, sessionToken: string | undefined): Promise<{ reader: UsageReader; bucket: string }> {
    const token = readBearerToken(authorization);
    if (token === undefined && authorization === undefined && sessionToken !== undefined) {
      const session = await findSession(deps.db, sessionToken, deps.now());
      if (session === undefined) throw unauthorized(true);
      return { reader: await accountReader(session.email, session.prefix), bucket: `usage:session:${session.email}` };
    }
    if (token === undefined) throw unauthorized(false);
    if (token.startsWith(apiKeyPrefix)) {
      const key = await authenticateApiKey(deps, token, lastUsedResolutionMs);
      return { reader: await accountReader(key.email, key.prefix), bucket: `usage:key:${key.id}` };
    }
    if (isAdminToken === undefined) throw new ApiError('USAGE_FORBIDDEN');
    if (!isAdminToken(token)) throw unauthorized(true);
    return { reader: { kind: 'admin', keyPrefix: 'admin' }, bucket: 'usage:admin:token' };
  }

  async function accountReader(email: string, keyPrefix: string): Promise<UsageReader> {
    const account = await findAccountByEmail(deps.db, email);
    return { kind: 'account', keyPrefix, email, licenseKeys: account?.licenseKeys ?? [] };
  }

  return createMiddleware<UsageReaderEnv>(async (c, next) => {
    let keyPrefix = 'none';
    let refusal: string | undefined;
    try {
      const { reader, bucket } = await identify(c.req.header('authorization'), readSessionCookie(c));
      keyPrefix = reader.keyPrefix;
      await enforceRateLimits(deps.db, [{ bucket, rule: policy.readsPerKey }], deps.now(), deps.metrics, 'USAGE_RATE_LIMITED');
      c.set('usageReader', reader);
      await next();
    } catch (error) {
      refusal = isApiError(error) ? error.code : 'INTERNAL';
      throw error;
    } finally {
      // Logged after the answer so that refusals are on record too: those of this middleware by
      // their code (401, 429), those of the route by the status of the answer made from them (404).
      const outcome = refusal ?? c.res.status;
      deps.logger.info({ requestId: c.get('requestId'), keyPrefix, path: c.req.path, query: c.req.query(), outcome }, 'usage read');
    }
  });
}

/**
 * Returns the licence keys a read covers: `license` alone, or without it every key of the
 * reader's account (the operator: every key). A key outside the reader's account answers
 * `USAGE_LICENSE_NOT_FOUND` (404, as for a key that does not exist: keys cannot be probed).
 */
export function resolveLicenceScope(reader: UsageReader, license: string | undefined): LicenceScope {
  if (reader.kind === 'admin') return license === undefined ? { kind: 'all' } : scopeOf([license]);
  if (license === undefined) return scopeOf(reader.licenseKeys);
  if (!reader.licenseKeys.includes(license)) throw new ApiError('USAGE_LICENSE_NOT_FOUND');
  return scopeOf([license]);
}

function unauthorized(credentialsGiven: boolean): ApiError {
  const challenge = credentialsGiven ? 'Bearer realm="quire", error="invalid_token"' : 'Bearer realm="quire"';
  return new ApiError('USAGE_UNAUTHORIZED', { headers: { 'www-authenticate': challenge } });
}
