import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/app-env.js';
import { logRequests } from '../../src/http/log-requests.js';

function appLoggingAt(level: string) {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('requestId', 'req-9');
    await next();
  });
  let clock = 100;
  app.use(
    '*',
    logRequests(logger, () => {
      clock += 12.34;
      return clock;
    }),
  );
  app.get('/v1/items/:id', (c) => c.text('ok'));
  return { app, lines };
}

describe('logRequests', () => {
  it('logs request id, method, route pattern, path, status and duration as one JSON line at info', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.fetch(new Request('http://x/v1/items/42'));

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: 'request',
      requestId: 'req-9',
      method: 'GET',
      route: '/v1/items/:id',
      path: '/v1/items/42',
      status: 200,
      ms: 12.3,
    });
  });

  it('logs a path no route serves as route (unmatched) with its 404', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.fetch(new Request('http://x/nowhere'));

    expect(JSON.parse(lines[0]!)).toMatchObject({ route: '(unmatched)', path: '/nowhere', status: 404 });
  });

  it('writes nothing when the level is above info', async () => {
    const { app, lines } = appLoggingAt('warn');
    await app.fetch(new Request('http://x/v1/items/42'));

    expect(lines).toEqual([]);
  });
});
