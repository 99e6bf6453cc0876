import { createRoute, z } from '@hono/zod-openapi';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createErrorResponse } from '../../src/errors/error-response.js';
import { createRouter } from '../../src/http/create-router.js';
import { monthPattern } from '../../src/usage/months.js';

interface ErrorJson {
  code: string;
  message: string;
  details: Array<{ path: string; message: string }>;
}

function createMonthApp() {
  const router = createRouter();
  const route = createRoute({
    method: 'get',
    path: '/figures',
    request: { query: z.object({ month: z.string().regex(monthPattern, 'expected YYYY-MM'), format: z.enum(['json', 'csv']).optional() }) },
    responses: { 200: { description: 'ok' } },
  });
  router.openapi(route, (c) => c.body(null, 200));
  router.onError((error) => createErrorResponse(error, 'req-1', pino({ enabled: false })));
  return router;
}

async function errorOf(path: string): Promise<ErrorJson> {
  const response = await createMonthApp().request(path);
  expect(response.status).toBe(400);
  return (await response.json()) as ErrorJson;
}

describe('createRouter', () => {
  it('puts the reason of a refused query in the message, echoing the value sent', async () => {
    const body = await errorOf('/figures?month=2026-13');
    expect(body.code).toBe('REQUEST_INVALID');
    expect(body.message).toBe('The request is invalid: `month` is "2026-13": expected YYYY-MM.');
  });

  it('lists the allowed values of an enum and names every refused parameter', async () => {
    const body = await errorOf('/figures?month=May&format=odt');
    expect(body.message).toContain('`format` is "odt", expected one of json, csv');
    expect(body.message).toContain('`month` is "May": expected YYYY-MM');
  });

  it('keeps the issues for machines in details', async () => {
    const body = await errorOf('/figures?format=csv');
    expect(body.details.map((issue) => issue.path)).toEqual(['month']);
    expect(body.message).toMatch(/^The request is invalid: `month`: /);
  });

  it('cuts a long echoed value short', async () => {
    const body = await errorOf(`/figures?month=${'9'.repeat(500)}`);
    expect(body.message.length).toBeLessThan(120);
    expect(body.message).toContain('…');
  });
});
