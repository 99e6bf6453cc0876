import { createRoute, z } from '@hono/zod-openapi';
import { findAccountByEmail } from '../accounts/account-store.js';
import { apiKeyPrefix } from '../auth/api-key.js';
import { defaultAuthPolicy, type AuthPolicy } from '../auth/auth-policy.js';
import { readEmail } from '../auth/read-email.js';
import { redeemVerificationCode } from '../auth/redeem-code.js';
import { requestVerificationCode } from '../auth/request-code.js';
import { authenticateApiKey } from '../auth/require-api-key.js';
import { defaultDashboardPolicy, type DashboardPolicy } from '../dashboard/dashboard-policy.js';
import { sameOriginOnly } from '../dashboard/same-origin-only.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../dashboard/session-cookie.js';
import { closeSession, findSession, openSession, purgeExpiredSessions } from '../dashboard/session-store.js';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { readClientIp } from '../http/client-ip.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';
import { monthOf } from '../usage/months.js';
import { noStore } from '../http/no-store.js';

const EmailField = z.string().max(254).openapi({ example: 'ada@example.com' });

const SessionSchema = z
  .object({
    email: z.string(),
    account: z.string().nullable().openapi({ description: 'The account name; null when the address belongs to no account.' }),
    licenseKeys: z.array(z.string()).openapi({ description: "The account's licence keys, sorted." }),
    expiresAt: z.string().openapi({ example: '2026-01-31T11:15:00.000Z' }),
    currentMonth: z.string().openapi({ example: '2026-01', description: "The server's current UTC month, which the dashboard opens on." }),
  })
  .openapi('DashboardSession');

const SignInSchema = z
  .union([z.strictObject({ email: EmailField, code: z.string().max(32) }), z.strictObject({ apiKey: z.string().max(128) })])
  .openapi('DashboardSignIn');

const tag = ['dashboard'];

/**
 * Returns the router of the dashboard's sign-in: `POST /dashboard/session/code` e-mails a code
 * (the register flow, same limits), `POST /dashboard/session` opens a session with that code or
 * an `sd_` API key and sets the HttpOnly, SameSite=Strict session cookie, `GET /dashboard/session`
 * says who is signed in, and `DELETE /dashboard/session` ends the session server-side.
 */
export function dashboardSessionRoutes(
  deps: ServerDeps,
  policy: DashboardPolicy = defaultDashboardPolicy,
  authPolicy: AuthPolicy = defaultAuthPolicy,
): ReturnType<typeof createRouter> {
  const router = createRouter();
  const trustProxy = deps.config.trustProxy;
  router.use('/dashboard/session', noStore);
  router.use('/dashboard/session/*', noStore);

  router.openapi(
    createRoute({
      method: 'post',
      path: '/dashboard/session/code',
      tags: tag,
      summary: 'E-mail a sign-in code for the usage dashboard',
      description: 'The code flow of /v1/auth/register (6 digits, 10 minutes, the same limits and the same answer for every address).',
      middleware: [sameOriginOnly] as const,
      request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ email: EmailField }) } } } },
      responses: {
        200: {
          description: 'A code was sent.',
          content: { 'application/json': { schema: z.object({ status: z.literal('code_sent'), email: z.string(), expiresInSeconds: z.number().int() }) } },
        },
        ...errorResponses(400, 403, 429, 503),
      },
    }),
    async (c) => {
      const email = readEmail(c.req.valid('json').email);
      await requestVerificationCode(deps, authPolicy, { email, clientIp: readClientIp(c, trustProxy), purpose: 'dashboard' });
      return c.json({ status: 'code_sent' as const, email: email.address, expiresInSeconds: authPolicy.codeTtlSeconds }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/dashboard/session',
      tags: tag,
      summary: 'Sign in to the usage dashboard with an e-mailed code or an API key',
      description:
        `Sets the \`quire_session\` cookie (HttpOnly, SameSite=Strict, Secure over https) for ${policy.sessionTtlSeconds / 3600} hours. ` +
        'Only the SHA-256 of the session token is stored. A session opened with an API key ends when the key is revoked.',
      middleware: [sameOriginOnly] as const,
      request: { body: { required: true, content: { 'application/json': { schema: SignInSchema } } } },
      responses: {
        200: { description: 'Signed in.', content: { 'application/json': { schema: SessionSchema } } },
        ...errorResponses(400, 401, 403, 429, 503),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ttlSeconds = policy.sessionTtlSeconds;
      const opened =
        'apiKey' in body
          ? await signInWithKey(deps, body.apiKey, ttlSeconds)
          : await redeemVerificationCode(deps, authPolicy, { email: readEmail(body.email), code: body.code, clientIp: readClientIp(c, trustProxy) }, (trx, now) =>
              openSession(trx, { email: readEmail(body.email).canonical, now, ttlSeconds, randomBytes: deps.randomBytes }),
            );
      setSessionCookie(c, opened.token, ttlSeconds, trustProxy);
      deps.logger.info({ requestId: c.get('requestId'), keyPrefix: opened.session.prefix }, 'dashboard sign-in');
      await purgeExpiredSessions(deps.db, deps.now());
      return c.json(await describeSession(deps, opened.session), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/session',
      tags: tag,
      summary: 'Who is signed in to the usage dashboard',
      responses: { 200: { description: 'The session.', content: { 'application/json': { schema: SessionSchema } } }, ...errorResponses(401, 503) },
    }),
    async (c) => {
      const token = readSessionCookie(c);
      const session = token === undefined ? undefined : await findSession(deps.db, token, deps.now());
      if (session === undefined) throw new ApiError('DASHBOARD_SESSION_MISSING');
      return c.json(await describeSession(deps, session), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/dashboard/session',
      tags: tag,
      summary: 'Sign out of the usage dashboard',
      description: 'Deletes the session from the store, so its cookie is worthless even if kept, and clears the cookie.',
      middleware: [sameOriginOnly] as const,
      responses: { 204: { description: 'Signed out (also when there was no session).' }, ...errorResponses(403, 503) },
    }),
    async (c) => {
      const token = readSessionCookie(c);
      if (token !== undefined) await closeSession(deps.db, token);
      clearSessionCookie(c, trustProxy);
      return c.body(null, 204);
    },
  );
  return router;
}

async function signInWithKey(deps: ServerDeps, apiKey: string, ttlSeconds: number) {
  if (!apiKey.startsWith(apiKeyPrefix)) throw new ApiError('AUTH_KEY_INVALID');
  const key = await authenticateApiKey(deps, apiKey.trim(), 0);
  return openSession(deps.db, { email: key.email, apiKey: key, now: deps.now(), ttlSeconds, randomBytes: deps.randomBytes });
}

async function describeSession(deps: ServerDeps, session: { email: string; expiresAt: Date }) {
  const account = await findAccountByEmail(deps.db, session.email);
  return {
    email: session.email,
    account: account?.name ?? null,
    licenseKeys: account?.licenseKeys ?? [],
    expiresAt: session.expiresAt.toISOString(),
    currentMonth: monthOf(deps.now()),
  };
}
