import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/app-env.js';
import { readClientIp } from '../../src/http/client-ip.js';

function appReading(trustProxy: boolean) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => c.text(readClientIp(c, trustProxy)));
  return (headers: Record<string, string>, remoteAddress?: string) =>
    Promise.resolve(app.fetch(new Request('http://x/', { headers }), remoteAddress === undefined ? {} : { remoteAddress })).then((r) => r.text());
}

describe('readClientIp', () => {
  it('uses the socket peer and ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const read = appReading(false);
    expect(await read({ 'x-forwarded-for': '198.51.100.9' }, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('uses the entry the trusted proxy appended, not the ones the client wrote', async () => {
    const read = appReading(true);
    // The client sent "X-Forwarded-For: 198.51.100.9"; the proxy appended the peer it saw.
    expect(await read({ 'x-forwarded-for': '198.51.100.9, 203.0.113.50' }, '10.0.0.2')).toBe('203.0.113.50');
    expect(await read({ 'x-forwarded-for': '203.0.113.50' }, '10.0.0.2')).toBe('203.0.113.50');
    expect(await read({}, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('answers "unknown" when the host reports no peer', async () => {
    expect(await appReading(false)({})).toBe('unknown');
  });
});
