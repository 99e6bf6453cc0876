// The idle check on a bare Node HTTP server, whose handler decides when the body is read.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { watchBodyIdleTime } from '../../src/node/watch-body-idle-time.js';
import { sendRawPieces } from './raw-http.js';

const idleMs = 300;

/** Listens with `handle` and the idle check; returns the URL and the requests found idle. */
async function start(handle: (request: IncomingMessage) => Promise<string>): Promise<{ server: Server; url: string; idle: IncomingMessage[] }> {
  const idle: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    void handle(request).then((text) => response.end(text), () => undefined);
  });
  watchBodyIdleTime(server, idleMs, 50, (request) => {
    idle.push(request);
    request.socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, idle };
}

async function readBody(request: IncomingMessage): Promise<number> {
  let bytes = 0;
  for await (const chunk of request) bytes += (chunk as Buffer).length;
  return bytes;
}

/** Resolves after `idleTimes` idle times: the handler's own delay, not an assertion. */
function pause(idleTimes: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, idleTimes * idleMs));
}

describe('watchBodyIdleTime', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('does not count the time the server leaves arrived bytes unread against the client', async () => {
    // 32 MiB sent at once fills the socket buffers, so the connection stalls until the handler
    // reads: a silence of the server's making, three idle times long.
    const bodyBytes = 32 * 1024 * 1024;
    const started = await start(async (request) => {
      await pause(3);
      return String(await readBody(request));
    });
    server = started.server;
    const head = `POST /upload HTTP/1.1\r\nHost: quire.test\r\nContent-Length: ${bodyBytes}\r\nConnection: close\r\n\r\n`;
    const answer = await sendRawPieces(started.url, [head, Buffer.alloc(bodyBytes, 'x')], 0);

    expect(answer.status).toBe(200);
    expect(answer.body).toBe(String(bodyBytes));
    expect(started.idle).toEqual([]);
  }, 30_000);

  it('reports a body that stops while the server is reading it, and only that one', async () => {
    const started = await start(async (request) => String(await readBody(request)));
    server = started.server;
    const stalled = sendRawPieces(started.url, ['POST /stalled HTTP/1.1\r\nHost: quire.test\r\nContent-Length: 100\r\n\r\n', 'x'.repeat(50)], 0);
    const complete = await sendRawPieces(started.url, ['POST /complete HTTP/1.1\r\nHost: quire.test\r\nContent-Length: 100\r\nConnection: close\r\n\r\n', 'x'.repeat(100)], 0);

    await expect(stalled).rejects.toThrow('closed the connection without answering');
    expect(complete.body).toBe('100');
    expect(started.idle.map((request) => request.url)).toEqual(['/stalled']);
  }, 30_000);
});
