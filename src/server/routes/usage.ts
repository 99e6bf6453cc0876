import { createRoute, z } from '@hono/zod-openapi';
import { COMMUNITY_LICENSE_KEY } from '../collect/collected-event.js';
import type { ServerDeps } from '../deps.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';
import { requireAdminToken } from '../http/require-admin-token.js';
import { readUsage } from '../usage/read-usage.js';

const UsageSchema = z
  .object({
    licenseKey: z.string(),
    month: z.string().openapi({ example: '2026-01' }),
    billableDocuments: z.number().int().openapi({ description: 'Distinct documents opened in the month.' }),
    opens: z.number().int(),
    days: z.array(
      z.object({
        date: z.string().openapi({ example: '2026-01-31' }),
        documents: z.number().int().openapi({ description: 'Documents first opened in the month that day, i.e. billed from that day on; the days add up to billableDocuments.' }),
        opens: z.number().int().openapi({ description: 'Opens that day, repeated opens included.' }),
      }),
    ),
  })
  .openapi('Usage');

const describeUsageRoute = (deps: ServerDeps) =>
  createRoute({
    method: 'get',
    path: '/v1/usage',
    summary: 'Read the usage of a license key in a month',
    description:
      'Requires `Authorization: Bearer <QUIRE_ADMIN_TOKEN>`: license keys ship in web pages, so they never unlock usage. ' +
      'Without a configured admin token the route answers 403. Months and days are UTC, by the time the server received each report.',
    security: [{ adminToken: [] }],
    middleware: [requireAdminToken(deps.config.adminToken)] as const,
    request: {
      query: z.object({
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM')
          .optional()
          .openapi({ example: '2026-01', description: 'Default: the current UTC month.' }),
        license: z.string().min(1).max(256).optional().openapi({ description: `Default: \`${COMMUNITY_LICENSE_KEY}\`.` }),
      }),
    },
    responses: {
      200: { description: 'The usage.', content: { 'application/json': { schema: UsageSchema } } },
      ...errorResponses(400, 401, 403, 503),
    },
  });

/** Returns the router of `GET /v1/usage`, guarded by the admin token. */
export function usageRoutes(deps: ServerDeps): ReturnType<typeof createRouter> {
  const router = createRouter();
  router.openapi(describeUsageRoute(deps), async (c) => {
    const query = c.req.valid('query');
    const month = query.month ?? deps.now().toISOString().slice(0, 7);
    const usage = await readUsage(deps.db, query.license ?? COMMUNITY_LICENSE_KEY, month);
    c.header('cache-control', 'no-store');
    return c.json(usage, 200);
  });
  return router;
}
