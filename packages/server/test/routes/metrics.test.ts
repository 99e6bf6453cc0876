import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../src/create-server.js';
import { readSample, scrape } from '../metrics/scrape.js';
import { startServerHarness, TEST_ADMIN_TOKEN, type ServerHarness } from '../server-harness.js';

const harnesses: ServerHarness[] = [];
async function start(...args: Parameters<typeof startServerHarness>): Promise<ServerHarness> {
  const harness = await startServerHarness(...args);
  harnesses.push(harness);
  return harness;
}
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});

describe('GET /metrics', () => {
  it('does not exist unless metrics are turned on', async () => {
    const harness = await start('pglite');
    const response = await harness.request('/metrics', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('is turned on by QUIRE_METRICS=true', async () => {
    const harness = await start('pglite', { env: { QUIRE_METRICS: 'true' } });

    expect(harness.server.config.metrics).toBe(true);
    expect(await scrape(harness)).toContain('# TYPE quire_http_requests_total counter');
  });

  it('answers 401 METRICS_UNAUTHORIZED without the admin token or with a wrong one', async () => {
    const harness = await start('pglite', { metrics: true });
    const missing = await harness.request('/metrics');
    const wrong = await harness.request('/metrics', { headers: { authorization: 'Bearer not-the-admin-token' } });

    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="quire-admin"');
    expect(await missing.json()).toMatchObject({ code: 'METRICS_UNAUTHORIZED' });
    expect(await wrong.json()).toMatchObject({ code: 'METRICS_UNAUTHORIZED' });
  });

  it('serves the Prometheus text format with the process memory', async () => {
    const harness = await start('pglite', { metrics: true });
    const response = await harness.request('/metrics', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const text = await response.text();

    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(readSample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(readSample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by method, route pattern and status, never by raw path', async () => {
    const harness = await start('pglite', { metrics: true });
    await harness.request('/v1/health');
    await harness.request('/v1/health');
    await harness.request('/no/such/path/12345');
    await harness.request('/v1/health', { method: 'DELETE' });
    const text = await scrape(harness);

    expect(readSample(text, 'quire_http_requests_total', { method: 'GET', route: '/v1/health', status: '200' })).toBe(2);
    expect(readSample(text, 'quire_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(readSample(text, 'quire_http_requests_total', { method: 'DELETE', route: '(unmatched)', status: '405' })).toBe(1);
    expect(text).not.toContain('12345');
    expect(readSample(text, 'quire_http_request_duration_seconds_count', { method: 'GET', route: '/v1/health' })).toBe(2);
    expect(readSample(text, 'quire_http_request_duration_seconds_bucket', { method: 'GET', route: '/v1/health', le: '+Inf' })).toBe(2);
  });

  it('keeps the counts of two servers in one process apart', async () => {
    const busy = await start('pglite', { metrics: true });
    const idle = await start('pglite', { metrics: true });
    await busy.request('/v1/health');

    expect(readSample(await scrape(busy), 'quire_http_requests_total', { method: 'GET', route: '/v1/health', status: '200' })).toBe(1);
    expect(readSample(await scrape(idle), 'quire_http_requests_total', { method: 'GET', route: '/v1/health', status: '200' })).toBeUndefined();
  });

  it('records into a registry the host application passes in', async () => {
    const registry = new Registry();
    const harness = await start('pglite', { metrics: true, metricsRegistry: registry });
    await harness.request('/v1/health');

    expect(readSample(await registry.metrics(), 'quire_http_requests_total', { method: 'GET', route: '/v1/health', status: '200' })).toBe(1);
  });

  it('refuses to start with metrics on and no admin token, since nobody could read them', async () => {
    await expect(createServer({ env: { QUIRE_METRICS: 'true' } })).rejects.toMatchObject({ name: 'ServerOptionsError', setting: 'QUIRE_METRICS' });
  });
});
