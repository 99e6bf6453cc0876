import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../src/server/http/app-env.js';
import { logRequests } from '../../../src/server/http/log-requests.js';

function appLoggingAt(level: string) {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('requestId', 'req-9');
    await next();
  });
  app.use('*', logRequests(logger, () => 100));
  app.get('/v1/health', (c) => c.text('ok'));
  return { app, lines };
}

describe('logRequests', () => {
  it('logs method, path, status and request id as one JSON line at debug level', async () => {
    const { app, lines } = appLoggingAt('debug');
    await app.fetch(new Request('http://x/v1/health'));

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 20, msg: 'request', requestId: 'req-9', method: 'GET', path: '/v1/health', status: 200, ms: 0 });
  });

  it('writes nothing at the default info level', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.fetch(new Request('http://x/v1/health'));

    expect(lines).toEqual([]);
  });
});
