import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Registry } from 'prom-client';
import { authRoutes } from './auth/routes.js';
import type { CollectWriter } from './collect/collect-writer.js';
import type { ServerDeps } from './deps.js';
import { ApiError } from './errors/api-error.js';
import { createErrorResponse, renderError } from './errors/error-response.js';
import type { AppEnv } from './http/app-env.js';
import { createRouter } from './http/create-router.js';
import { findAllowedMethods } from './http/allowed-methods.js';
import { logRequests } from './http/log-requests.js';
import { recordRequestMetrics } from './http/record-request-metrics.js';
import { assignRequestId } from './http/request-id.js';
import { classifyStoreFailure } from './metrics/classify-store-failure.js';
import { collectRoutes } from './routes/collect.js';
import { convertRoutes, type ConvertRouteOptions } from './routes/convert.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { dashboardSessionRoutes } from './routes/dashboard-session.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { roomRoutes } from './routes/rooms.js';
import { usageRoutes } from './routes/usage.js';
import type { StoreKind } from './store/open-database.js';

/** What {@link createApp} composes: the shared dependencies and the services built on them. */
export interface AppParts {
  deps: ServerDeps;
  storeKind: StoreKind;
  collectWriter: CollectWriter;
  /** The engines and limits of `POST /v1/convert`. */
  convert: ConvertRouteOptions;
  /** The registry `GET /metrics` renders; without one, metrics are off and the route does not exist. */
  metricsRegistry?: Registry | undefined;
}

/**
 * Returns the Hono app with every feature's routes, the request id, JSON 404/405 answers, the
 * error mapping, `GET /openapi.json` (OpenAPI 3.1 generated from the route schemas) and, with a
 * metrics registry, the request metrics and `GET /metrics`.
 */
export function createApp({ deps, storeKind, collectWriter, convert, metricsRegistry }: AppParts): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.use('*', assignRequestId(deps.randomBytes));
  app.use('*', logRequests(deps.logger));
  if (metricsRegistry !== undefined) {
    app.use('*', recordRequestMetrics(deps.metrics));
    app.route('/', metricsRoutes(deps, metricsRegistry));
  }

  app.route('/', healthRoutes(deps, storeKind));
  app.route('/', collectRoutes(deps, collectWriter));
  app.route('/', usageRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', convertRoutes(deps, convert));
  app.route('/', dashboardSessionRoutes(deps));
  app.route('/', dashboardRoutes(deps));
  app.route('/', roomRoutes());

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Quire server',
      version: '1',
      description: 'Document conversion, API keys, telemetry collection, usage counts, the usage dashboard and the rooms for editing together of the Quire companion server.',
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The QUIRE_ADMIN_TOKEN configured on the server.',
  });

  app.notFound((c) => {
    const allowed = findAllowedMethods(app.routes, c.req.path);
    if (allowed.length === 0) return renderError(new ApiError('ROUTE_NOT_FOUND'), c.get('requestId'));
    return renderError(new ApiError('METHOD_NOT_ALLOWED', { headers: { allow: allowed.join(', ') } }), c.get('requestId'));
  });
  app.onError((error, c) => {
    const storeFailure = classifyStoreFailure(error);
    if (storeFailure !== undefined) deps.metrics.storeFailed(storeFailure);
    return createErrorResponse(error, c.get('requestId'), deps.logger);
  });
  return app;
}
