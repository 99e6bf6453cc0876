import { createRoute, z } from '@hono/zod-openapi';
import { flattenReport } from '../collect/collected-event.js';
import type { CollectWriter } from '../collect/collect-writer.js';
import { MAX_REPORT_BYTES, TelemetryReportSchema } from '../collect/report-schema.js';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { allowAnyOrigin } from '../http/allow-any-origin.js';
import { createRouter } from '../http/create-router.js';
import { limitBody } from '../http/limit-body.js';
import { errorResponses } from '../http/openapi-errors.js';

const AcceptedSchema = z.object({ accepted: z.number().int().openapi({ example: 1, description: 'Events stored.' }) }).openapi('CollectAccepted');

const collectCors = allowAnyOrigin({ methods: ['POST'], headers: ['content-type', 'x-license-key'], maxAgeSeconds: 7200 });

const collectRoute = createRoute({
  method: 'post',
  path: '/v1/collect',
  summary: 'Receive a telemetry report from the client library',
  description:
    'Any origin may post (CORS, no credentials). Missing or empty `X-License-Key` means the community key. ' +
    'Answers 202 once the report is durably stored, also when its documents were already counted.',
  middleware: [collectCors, limitBody(MAX_REPORT_BYTES)],
  request: {
    headers: z.object({
      'x-license-key': z.string().max(256).regex(/^[\x20-\x7E]*$/, 'expected printable ASCII').optional().openapi({ example: 'community-and-eval-agplv3' }),
    }),
    body: { required: true, content: { 'application/json': { schema: TelemetryReportSchema } } },
  },
  responses: {
    202: { description: 'Stored.', content: { 'application/json': { schema: AcceptedSchema } } },
    ...errorResponses(400, 413, 415, 503),
  },
});

/**
 * Returns the router of `POST /v1/collect` (and its CORS preflight): validates the report,
 * hands its events to `writer` and answers 202 after they are committed; 503 when the store fails.
 */
export function collectRoutes(deps: ServerDeps, writer: CollectWriter): ReturnType<typeof createRouter> {
  const router = createRouter('COLLECT_REPORT_INVALID');
  router.options('/v1/collect', collectCors);
  router.openapi(collectRoute, async (c) => {
    const events = flattenReport(c.req.valid('json'), {
      receivedAt: deps.now(),
      licenseKey: c.req.valid('header')['x-license-key'],
      origin: c.req.header('origin'),
    });
    try {
      await writer.write(events);
    } catch (error) {
      deps.logger.error({ err: error, requestId: c.get('requestId') }, 'collect: could not store report');
      throw new ApiError('STORE_UNAVAILABLE');
    }
    return c.json({ accepted: events.length }, 202);
  });
  return router;
}
