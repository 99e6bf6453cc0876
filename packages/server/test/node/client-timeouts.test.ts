// Slow clients against the listening server, with small configured timeouts: the requests are
// dripped on timers and the outcome awaited, never timed.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_TIMEOUTS } from '../../src/node/client-timeouts.js';
import { listen, type Listening } from '../../src/node/listen.js';
import { buildReport, startServerHarness, type ServerHarness } from '../server-harness.js';

const timeouts = { headersTimeoutMs: 300, requestTimeoutMs: 1500 };

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

  it('gives a 25 MiB upload at 350 kbit/s the time it needs by default, and headers 10 s', () => {
    const uploadSeconds = (25 * 1024 * 1024 * 8) / 350_000;
    expect(DEFAULT_CLIENT_TIMEOUTS.requestTimeoutMs / 1000).toBeGreaterThan(uploadSeconds);
    expect(DEFAULT_CLIENT_TIMEOUTS.headersTimeoutMs).toBe(10_000);
  });
});
