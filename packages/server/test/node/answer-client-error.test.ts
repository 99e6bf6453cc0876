// Requests Node's HTTP parser refuses before the router, sent as raw bytes to the listening server.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { listen, type Listening } from '../../src/node/listen.js';
import { readSample, scrape } from '../metrics/scrape.js';
import { startServerHarness, type ServerHarness } from '../server-harness.js';
import { sendRawRequest } from './raw-http.js';

describe('the listening server, for requests refused before the router', () => {
  let harness: ServerHarness;
  let listening: Listening;
  const logLines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });
    harness = await startServerHarness('pglite', { logger, metrics: true });
    listening = await listen(harness.server, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listening.stop();
    await harness.close();
  });

  const getWithHeader = (name: string, value: string) =>
    `GET /v1/health HTTP/1.1\r\nHost: quire.test\r\n${name}: ${value}\r\n\r\n`;

  it('answers a 1 MB Authorization header with 431 REQUEST_HEADERS_TOO_LARGE as JSON, then closes the connection', async () => {
    const answer = await sendRawRequest(listening.url, getWithHeader('Authorization', `Bearer ${'a'.repeat(1024 * 1024)}`));

    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toEqual({
      code: 'REQUEST_HEADERS_TOO_LARGE',
      error: 'Request Header Fields Too Large',
      message: errorCatalogue.REQUEST_HEADERS_TOO_LARGE.message,
      requestId: answer.headers['x-request-id'],
    });
    expect(body.requestId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('answers a 100 KB X-License-Key with 431 REQUEST_HEADERS_TOO_LARGE as JSON', async () => {
    const answer = await sendRawRequest(listening.url, getWithHeader('X-License-Key', 'k'.repeat(100 * 1024)));

    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_HEADERS_TOO_LARGE', requestId: answer.headers['x-request-id'] });
  });

  it('answers a request with both Content-Length and Transfer-Encoding with 400 REQUEST_MALFORMED as JSON, then closes the connection', async () => {
    const smuggling =
      'POST /v1/collect HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\n' +
      'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    const answer = await sendRawRequest(listening.url, smuggling);

    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    expect(JSON.parse(answer.body)).toEqual({
      code: 'REQUEST_MALFORMED',
      error: 'Bad Request',
      message: errorCatalogue.REQUEST_MALFORMED.message,
      requestId: answer.headers['x-request-id'],
    });
  });

  it('gives each refused request its own request id', async () => {
    const garbage = 'NOT HTTP AT ALL\r\n\r\n';
    const [first, second] = await Promise.all([sendRawRequest(listening.url, garbage), sendRawRequest(listening.url, garbage)]);

    expect([first.status, second.status]).toEqual([400, 400]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('logs each refusal at info with its request id and Node\'s reason, and counts it under route (unparsed)', async () => {
    const refusedBefore = readSample(await scrape(harness), 'quire_http_requests_total', { method: '(unparsed)', route: '(unparsed)', status: '431' }) ?? 0;
    const answer = await sendRawRequest(listening.url, getWithHeader('Cookie', 'c'.repeat(64 * 1024)));
    const refusedAfter = readSample(await scrape(harness), 'quire_http_requests_total', { method: '(unparsed)', route: '(unparsed)', status: '431' });

    expect(refusedAfter).toBe(refusedBefore + 1);
    expect(logLines.find((line) => line.requestId === answer.headers['x-request-id'])).toMatchObject({
      level: 30,
      msg: 'request refused before routing',
      route: '(unparsed)',
      status: 431,
      code: 'REQUEST_HEADERS_TOO_LARGE',
      reason: 'HPE_HEADER_OVERFLOW',
    });
  });

  it('still answers well-formed requests on the same port', async () => {
    const answer = await sendRawRequest(listening.url, 'GET /v1/health HTTP/1.1\r\nHost: quire.test\r\nConnection: close\r\n\r\n');

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok', store: 'pglite' });
  });
});
