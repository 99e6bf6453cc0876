// Slow clients against the listening server, with small configured timeouts: the requests are
// dripped on timers and the outcome awaited, never timed.
import { connect } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import { createFakeEngine, type FakeEngine } from '../../../convert/test/support/fake-engine.js';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { DEFAULT_CLIENT_TIMEOUTS } from '../../src/node/client-timeouts.js';
import { listen, type Listening } from '../../src/node/listen.js';
import { buildMultipart } from '../convert/multipart.js';
import { startConvertHarness, type ConvertHarness } from '../routes/convert-harness.js';
import { buildReport, startServerHarness, type ServerHarness } from '../server-harness.js';
import { sendRawPieces } from './raw-http.js';

const timeouts = { headersTimeoutMs: 300, requestTimeoutMs: 1500, bodyIdleTimeoutMs: 1000 };

/**
 * Opens a connection, writes `head`, then one piece of `pieces` every `everyMs` (cycling through
 * them when `repeat`), and resolves to the status line the server answered before it closed.
 */
function drip(url: string, head: string, pieces: readonly string[], everyMs: number, repeat: boolean): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answer = '';
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    // The pieces start once the head is written: a socket still connecting queues writes, so a
    // timer started before would put a piece ahead of the head on a loaded machine.
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(head);
      timer = setInterval(() => {
        if (next >= pieces.length && !repeat) return clearInterval(timer);
        if (socket.writable) socket.write(pieces[next++ % pieces.length]!);
      }, everyMs);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      // An answer that is not a timeout ends the exchange on the client's side.
      if (/^HTTP\/1\.1 (?!408)/.test(answer)) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer.split('\r\n')[0] ?? '');
    });
  });
}

describe('the listening server, for slow clients', () => {
  let harness: ServerHarness;
  let listening: Listening;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
    listening = await listen(harness.server, { port: 0, host: '127.0.0.1', clientTimeouts: timeouts });
  });
  afterAll(async () => {
    await listening.stop();
    await harness.close();
  });

  it('answers 408 to each of 20 connections that drip their headers a byte at a time', async () => {
    const slowloris = Array.from({ length: 20 }, () => drip(listening.url, 'GET /v1/health HTTP/1.1\r\nHost: quire.test\r\n', ['X', '-', 'a'], 20, true));
    expect(await Promise.all(slowloris)).toEqual(Array.from({ length: 20 }, () => 'HTTP/1.1 408 Request Timeout'));
  });

  it('answers 408 to a body sent a byte at a time once the request time is up', async () => {
    const head = 'POST /v1/collect HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n';
    expect(await drip(listening.url, head, [' '], 20, true)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('accepts a report whose body arrives slowly but steadily within the request time', async () => {
    const body = JSON.stringify(buildReport(['5'.repeat(64)]));
    const pieces = Array.from({ length: 8 }, (_, index) => body.slice((index * body.length) / 8, ((index + 1) * body.length) / 8));
    const head = `POST /v1/collect HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    expect(await drip(listening.url, head, pieces, 50, false)).toBe('HTTP/1.1 202 Accepted');
  });

  it('gives a 25 MiB upload at 350 kbit/s the time it needs by default, headers 10 s and a silent body 30 s', () => {
    const uploadSeconds = (25 * 1024 * 1024 * 8) / 350_000;
    expect(DEFAULT_CLIENT_TIMEOUTS.requestTimeoutMs / 1000).toBeGreaterThan(uploadSeconds);
    expect(DEFAULT_CLIENT_TIMEOUTS.headersTimeoutMs).toBe(10_000);
    expect(DEFAULT_CLIENT_TIMEOUTS.bodyIdleTimeoutMs).toBe(30_000);
  });
});

// The body idle time is small and the request time far beyond the tests' own time limit, so a
// 408 can only come from the idle check; the steady upload's pauses are a fifth of the idle time.
describe('the listening server, for request bodies that stop arriving', () => {
  const bodyIdleTimeoutMs = 1000;
  let engines: EngineRegistry;
  let engine: FakeEngine;
  let harness: ConvertHarness;
  let listening: Listening;
  const logLines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    engine = createFakeEngine('builtin');
    engines = createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [engine] });
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });
    harness = await startConvertHarness('pglite', { engines, logger });
    listening = await listen(harness.server, {
      port: 0,
      host: '127.0.0.1',
      clientTimeouts: { headersTimeoutMs: 5000, requestTimeoutMs: 3_600_000, bodyIdleTimeoutMs },
    });
  });
  afterAll(async () => {
    await listening.stop();
    await harness.close();
    await engines.close();
  });

  const convertHead = (contentType: string, length: number) =>
    `POST /v1/convert?from=md&to=docx HTTP/1.1\r\nHost: quire.test\r\nAuthorization: Bearer ${harness.apiKey}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('answers 408 REQUEST_TIMEOUT as JSON to a body that stops half-way, once it has been silent for the idle time, and goes on serving', async () => {
    const report = JSON.stringify(buildReport(['7'.repeat(64)]));
    const head = `POST /v1/collect HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(report)}\r\n\r\n`;
    const started = performance.now();
    const answer = await sendRawPieces(listening.url, [head, report.slice(0, report.length / 2)], 0);
    const elapsed = performance.now() - started;

    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      code: 'REQUEST_TIMEOUT',
      error: 'Request Timeout',
      message: errorCatalogue.REQUEST_TIMEOUT.message,
      requestId: answer.headers['x-request-id'],
    });
    expect(elapsed).toBeGreaterThanOrEqual(bodyIdleTimeoutMs);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'request refused before routing', status: 408, code: 'REQUEST_TIMEOUT', reason: 'BODY_IDLE_TIMEOUT', requestId: answer.headers['x-request-id'] }),
    );
    expect((await fetch(`${listening.url}/v1/health`)).status).toBe(200);
  }, 30_000);

  it('answers 408 to an upload that stops after its first piece, and the conversion never starts', async () => {
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'stalled.md', content: '# Stalled\n'.repeat(10_000) }]);
    const calls = engine.calls.length;
    const answer = await sendRawPieces(listening.url, [convertHead(contentType, body.length), Buffer.from(body.subarray(0, 64 * 1024))], 0);

    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(engine.calls.length).toBe(calls);
    expect((await fetch(`${listening.url}/v1/health`)).status).toBe(200);
  }, 30_000);

  it('accepts a 1 MiB upload dripped in 20 pieces a fifth of the idle time apart, which takes several idle times in all', async () => {
    const content = Buffer.alloc(1024 * 1024, 'steady ');
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'steady.md', content }]);
    const pieceCount = 20;
    const pieceBytes = Math.ceil(body.length / pieceCount);
    const pieces = Array.from({ length: pieceCount }, (_, index) => Buffer.from(body.subarray(index * pieceBytes, (index + 1) * pieceBytes)));
    const calls = engine.calls.length;
    const started = performance.now();
    const answer = await sendRawPieces(listening.url, [convertHead(contentType, body.length), ...pieces], bodyIdleTimeoutMs / 5);
    const elapsed = performance.now() - started;

    expect(answer.status).toBe(200);
    expect(engine.calls.length).toBe(calls + 1);
    expect(content.equals(engine.calls.at(-1)!.input)).toBe(true);
    expect(elapsed).toBeGreaterThan(3 * bodyIdleTimeoutMs);
  }, 60_000);
});
