import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/app-env.js';
import { assignRequestId } from '../../src/http/request-id.js';

function appWith(source: (length: number) => Uint8Array): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', assignRequestId(source));
  app.get('/', (c) => c.text(c.get('requestId')));
  return app;
}

describe('assignRequestId', () => {
  it('gives every request a distinct 24-hex-digit id, also across refills of its random pool', async () => {
    const app = appWith((length) => new Uint8Array(randomBytes(length)));
    const ids = await Promise.all(Array.from({ length: 1000 }, async () => (await app.request('/')).headers.get('x-request-id')));

    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('takes the id bytes from the injected random source, in order', async () => {
    let next = 0;
    const counting = (length: number) => Uint8Array.from({ length }, () => next++ % 256);
    const app = appWith(counting);

    const first = await app.request('/');
    const second = await app.request('/');

    expect(await first.text()).toBe('000102030405060708090a0b');
    expect(second.headers.get('x-request-id')).toBe('0c0d0e0f1011121314151617');
  });
});
