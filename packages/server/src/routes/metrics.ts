import { createRoute, z } from '@hono/zod-openapi';
import type { Registry } from 'prom-client';
import type { ServerDeps } from '../deps.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';
import { requireAdminToken } from '../http/require-admin-token.js';

const describeMetricsRoute = (deps: ServerDeps) =>
  createRoute({
    method: 'get',
    path: '/metrics',
    summary: 'Read the server metrics in the Prometheus text format',
    description:
      'Served only with `QUIRE_METRICS=true`, to `Authorization: Bearer <QUIRE_ADMIN_TOKEN>`. ' +
      'Every metric is described in the README, section "Operations".',
    security: [{ adminToken: [] }],
    middleware: [requireAdminToken(deps.config.adminToken, 'METRICS_UNAUTHORIZED')] as const,
    responses: {
      200: { description: 'The metrics (text/plain; version=0.0.4).', content: { 'text/plain': { schema: z.string() } } },
      ...errorResponses(401),
    },
  });

/** Returns the router of `GET /metrics`, which renders `registry` for Prometheus; guarded by the admin token. */
export function metricsRoutes(deps: ServerDeps, registry: Registry): ReturnType<typeof createRouter> {
  const router = createRouter();
  router.openapi(describeMetricsRoute(deps), async (c) => {
    const text = await registry.metrics();
    return c.text(text, 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  });
  return router;
}
