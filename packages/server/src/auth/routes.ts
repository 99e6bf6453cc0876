import { createRoute, z } from '@hono/zod-openapi';
import type { ServerDeps } from '../deps.js';
import { readClientIp } from '../http/client-ip.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';
import { noStore } from '../http/no-store.js';
import { defaultAuthPolicy, type AuthPolicy } from './auth-policy.js';
import { purgeExpiredCodes } from './code-store.js';
import { issueApiKey } from './issue-key.js';
import { revokeApiKeyById } from './key-store.js';
import { purgeRateLimits } from './rate-limit.js';
import { readEmail } from './read-email.js';
import { requestVerificationCode } from './request-code.js';
import { requireApiKey } from './require-api-key.js';

const EmailQuery = z.string().openapi({ example: 'ada@example.com', description: 'The address that receives the code (at most 254 characters).' });

const CodeSentSchema = z
  .object({
    status: z.literal('code_sent'),
    email: z.string().openapi({ description: 'The address as normalised (domain lower-cased).' }),
    expiresInSeconds: z.number().int().openapi({ example: 600 }),
  })
  .openapi('CodeSent');

const IssuedKeySchema = z
  .object({
    apiKey: z.string().openapi({ example: 'sd_…', description: 'The key. Shown this once; only its hash is stored.' }),
    prefix: z.string().openapi({ example: 'sd_4fT9q2Lx', description: 'Display prefix, used to list and revoke the key.' }),
    email: z.string(),
    createdAt: z.string().openapi({ example: '2025-01-31T12:00:00.000Z' }),
  })
  .openapi('IssuedApiKey');

const registerRoute = createRoute({
  method: 'get',
  path: '/v1/auth/register',
  summary: 'Send a verification code to an e-mail address',
  description:
    'Sends a 6-digit code, valid 10 minutes, replacing any earlier code of the address. The answer is the same ' +
    'for every valid address. Limits: 5 codes per address and 20 per client IP per hour (429 with Retry-After).',
  request: { query: z.object({ email: EmailQuery }) },
  responses: {
    200: { description: 'A code was sent.', content: { 'application/json': { schema: CodeSentSchema } } },
    ...errorResponses(400, 429, 503),
  },
});

const verifyRoute = createRoute({
  method: 'get',
  path: '/v1/auth/verify',
  summary: 'Exchange a verification code for a new API key',
  description:
    'Returns a new key once; it cannot be recovered later. Each successful verify issues another key (an address ' +
    'may hold several). A code is single use and dies after 5 wrong tries; all failures answer AUTH_CODE_INVALID.',
  request: {
    query: z.object({
      email: EmailQuery,
      code: z.string().openapi({ example: '042917', description: 'The 6 digits from the e-mail.' }),
    }),
  },
  responses: {
    200: { description: 'The new key.', content: { 'application/json': { schema: IssuedKeySchema } } },
    ...errorResponses(400, 429, 503),
  },
});

/**
 * Returns the router of the key-issuing routes: `GET /v1/auth/register`, `GET /v1/auth/verify` and the
 * authenticated `DELETE /v1/auth/key` that revokes the calling key. Every answer carries
 * `Cache-Control: no-store`. Mount it at `/`.
 */
export function authRoutes(deps: ServerDeps, policy: AuthPolicy = defaultAuthPolicy): ReturnType<typeof createRouter> {
  const router = createRouter();
  const apiKeyAuth = requireApiKey(deps, { lastUsedResolutionSeconds: policy.lastUsedResolutionSeconds });
  const purgeExpired = createPurger(deps, policy);
  router.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (`sd_...`) obtained through /v1/auth/register and /v1/auth/verify.',
  });
  router.use('/v1/auth/*', noStore);

  router.openapi(registerRoute, async (c) => {
    const email = readEmail(c.req.valid('query').email);
    await requestVerificationCode(deps, policy, { email, clientIp: readClientIp(c, deps.config.trustProxy) });
    await purgeExpired();
    return c.json({ status: 'code_sent' as const, email: email.address, expiresInSeconds: policy.codeTtlSeconds }, 200);
  });

  router.openapi(verifyRoute, async (c) => {
    const query = c.req.valid('query');
    const issued = await issueApiKey(deps, policy, {
      email: readEmail(query.email),
      code: query.code,
      clientIp: readClientIp(c, deps.config.trustProxy),
    });
    return c.json({ ...issued, createdAt: issued.createdAt.toISOString() }, 200);
  });

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/auth/key',
      summary: 'Revoke the API key that authenticates this request',
      security: [{ apiKey: [] }],
      middleware: [apiKeyAuth] as const,
      responses: { 204: { description: 'The key is revoked; it answers 401 from now on.' }, ...errorResponses(401, 503) },
    }),
    async (c) => {
      await revokeApiKeyById(deps.db, c.get('apiKey').id, deps.now());
      return c.body(null, 204);
    },
  );
  return router;
}

// Expired codes and finished rate-limit windows are dead weight; sweep them now and then.
function createPurger(deps: ServerDeps, policy: AuthPolicy): () => Promise<void> {
  let lastPurgeMs = Number.NEGATIVE_INFINITY;
  const longestWindowSeconds = Math.max(
    policy.registerPerAddress.windowSeconds,
    policy.registerPerIp.windowSeconds,
    policy.verifyPerAddress.windowSeconds,
    policy.verifyPerIp.windowSeconds,
  );
  return async () => {
    const now = deps.now();
    if (now.getTime() - lastPurgeMs < policy.purgeIntervalSeconds * 1000) return;
    lastPurgeMs = now.getTime();
    try {
      await purgeExpiredCodes(deps.db, now);
      await purgeRateLimits(deps.db, longestWindowSeconds, now);
    } catch (error) {
      deps.logger.warn({ err: error }, 'auth: purge of expired codes and limits failed');
    }
  };
}
