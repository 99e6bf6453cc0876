import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'kysely';
import type { ServerDeps } from '../deps.js';
import type { StoreKind } from '../store/open-database.js';
import { ApiError } from '../errors/api-error.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';

const HealthSchema = z
  .object({ status: z.literal('ok'), store: z.enum(['pglite', 'postgres']) })
  .openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  path: '/v1/health',
  summary: 'Report whether the server and its store are up',
  responses: {
    200: { description: 'The store answered a query.', content: { 'application/json': { schema: HealthSchema } } },
    ...errorResponses(503),
  },
});

/** Returns the router of `GET /v1/health`, which runs `select 1` on the store (503 when it fails). */
export function healthRoutes(deps: ServerDeps, storeKind: StoreKind): ReturnType<typeof createRouter> {
  const router = createRouter();
  router.openapi(healthRoute, async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (error) {
      deps.logger.error({ err: error }, 'health check: store unavailable');
      deps.metrics.storeFailed('unavailable');
      throw new ApiError('STORE_UNAVAILABLE');
    }
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' as const, store: storeKind }, 200);
  });
  return router;
}
