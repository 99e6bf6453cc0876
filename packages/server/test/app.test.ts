import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-key.js';
import { buildReport, postReport, startServerHarness, TEST_ADMIN_TOKEN, type ServerHarness } from './server-harness.js';

describe('the server app', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  it('reports health with the store kind when the store answers', async () => {
    const response = await harness.request('/v1/health');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', store: 'pglite' });
  });

  it('answers an unknown path with a JSON 404 carrying the request id', async () => {
    const response = await harness.request('/v1/nope');
    const body = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(404);
    expect(body).toEqual({
      code: 'ROUTE_NOT_FOUND',
      error: 'Not Found',
      message: 'No route matches this path.',
      requestId: response.headers.get('x-request-id'),
    });
  });

  it('answers a known path with the wrong method with a JSON 405 and Allow', async () => {
    const response = await harness.request('/v1/health', { method: 'DELETE' });
    const body = (await response.json()) as { code: string; error: string };

    expect(response.status).toBe(405);
    expect(body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', error: 'Method Not Allowed' });
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('generates a request id, and echoes a sane incoming one but not an unsafe one', async () => {
    const generated = await harness.request('/v1/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f]{24}$/);

    const echoed = await harness.request('/v1/health', { headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(echoed.headers.get('x-request-id')).toBe('edge-7f3a.42');

    const unsafe = await harness.request('/v1/health', { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('publishes an OpenAPI 3.1 document built from the route schemas', async () => {
    const response = await harness.request('/openapi.json');
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };

    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/health', '/v1/collect', '/v1/usage']));
    expect(doc.paths['/v1/collect']?.post?.requestBody?.content['application/json']?.schema.$ref).toBe('#/components/schemas/TelemetryReport');
    expect(doc.components.schemas.TelemetryReport?.required).toEqual(expect.arrayContaining(['browserInfo', 'events']));
    expect(Object.keys(doc.components.schemas.Error?.properties ?? {})).toEqual(['code', 'error', 'message', 'requestId', 'details']);
  });

  it('answers 503 SERVER_SHUTTING_DOWN once closed', async () => {
    const other = await startServerHarness('pglite');
    await other.server.close();
    const response = await other.request('/v1/collect', postReport(buildReport()));

    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('SERVER_SHUTTING_DOWN');
    await other.close();
  });
});

describe('the server when its store is down', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('postgres');
    await harness.store.settings.dispose();
  });
  afterAll(async () => {
    await harness.server.close();
    await harness.store.close().catch(() => undefined);
  });

  it('answers GET /v1/health with 503 STORE_UNAVAILABLE', async () => {
    const response = await harness.request('/v1/health');

    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('STORE_UNAVAILABLE');
  });

  it('does not acknowledge a report it could not store: 503 instead of 202', async () => {
    const response = await harness.request('/v1/collect', postReport(buildReport()));

    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('STORE_UNAVAILABLE');
  });

  it.each([
    ['GET /v1/usage', '/v1/usage?month=2026-01', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } }],
    ['GET /v1/auth/register', '/v1/auth/register?email=ada%40example.com', {}],
    ['GET /v1/auth/verify', '/v1/auth/verify?email=ada%40example.com&code=123456', {}],
    ['DELETE /v1/auth/key', '/v1/auth/key', { method: 'DELETE', headers: { authorization: `Bearer ${createApiKey(randomBytes).apiKey}` } }],
  ])('answers %s with 503 STORE_UNAVAILABLE rather than a 500', async (_name, path, init: RequestInit) => {
    const response = await harness.request(path, init);
    const body = (await response.json()) as { code: string; requestId: string };

    expect(response.status).toBe(503);
    expect(body.code).toBe('STORE_UNAVAILABLE');
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
  });
});
