import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { QuireServer } from '../create-server.js';
import { answerClientError, answerIdleBody } from './answer-client-error.js';
import { serveRooms, type RoomSockets } from './serve-rooms.js';
import { checkingInterval, createClientTimeoutOptions, DEFAULT_CLIENT_TIMEOUTS, type ClientTimeouts } from './client-timeouts.js';
import { watchBodyIdleTime } from './watch-body-idle-time.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  port: number;
  host: string;
  /** How long clients may take to send headers, whole requests and each piece of a body; default {@link DEFAULT_CLIENT_TIMEOUTS}. */
  clientTimeouts?: ClientTimeouts;
}

/** A server listening on a TCP port. */
export interface Listening {
  /** `http://host:port` as actually bound (the real port when 0 was asked for). */
  url: string;
  /**
   * Stops accepting connections and resolves once in-flight requests have been answered; idle
   * keep-alive connections are closed at once, busy ones after `graceMs` at the latest.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Serves `server.fetch` on Node's HTTP server via `@hono/node-server`, passing the peer address
 * along, and the room WebSockets of `/v1/rooms/{room}` (see `serveRooms`); requests Node's parser refuses or that arrive too slowly (see `clientTimeouts`: headers,
 * the whole request, a body that stops arriving) get the JSON error body too. Resolves once
 * listening; rejects when the port cannot be bound.
 */
export function listen(server: QuireServer, options: ListenOptions): Promise<Listening> {
  const timeouts = options.clientTimeouts ?? DEFAULT_CLIENT_TIMEOUTS;
  return new Promise((resolve, reject) => {
    const httpServer = serve({
      fetch: (request, env) => server.fetch(request, { remoteAddress: env.incoming.socket?.remoteAddress }),
      port: options.port,
      hostname: options.host,
      serverOptions: createClientTimeoutOptions(timeouts),
    }) as Server;
    httpServer.on('clientError', (error: Error, socket) => answerClientError(error, socket, server.refuseBeforeRouting));
    const roomSockets = serveRooms(httpServer, server);
    const unwatch = watchBodyIdleTime(httpServer, timeouts.bodyIdleTimeoutMs, checkingInterval(timeouts.bodyIdleTimeoutMs), (request, response) =>
      answerIdleBody(request, response, server.refuseBeforeRouting),
    );
    httpServer.once('close', unwatch);
    httpServer.once('error', reject);
    httpServer.once('listening', () => {
      httpServer.off('error', reject);
      const address = httpServer.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ url: `http://${host}:${address.port}`, stop: (graceMs) => stopServer(httpServer, roomSockets, graceMs ?? 10_000) });
    });
  });
}

async function stopServer(httpServer: Server, roomSockets: RoomSockets, graceMs: number): Promise<void> {
  // Upgraded sockets are no longer the HTTP server's: they are closed here, or close() would wait for them.
  const roomsClosed = roomSockets.closeAll(graceMs);
  await new Promise<void>((resolve) => {
    const sweep = setInterval(() => httpServer.closeIdleConnections(), 100);
    const deadline = setTimeout(() => httpServer.closeAllConnections(), graceMs);
    httpServer.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    // Connections that finish their response after close() go idle and are swept above.
    httpServer.closeIdleConnections();
  });
  await roomsClosed;
}
