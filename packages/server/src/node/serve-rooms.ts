import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { QuireServer } from '../create-server.js';
import { pickClientIp } from '../http/client-ip.js';
import { roomClose } from '../rooms/room-close.js';
import { answerUpgradeNotFound } from './answer-client-error.js';

/** The room sockets of a Node HTTP server, as {@link serveRooms} accepted them. */
export interface RoomSockets {
  /** Closes every room socket (1001 SERVER_SHUTTING_DOWN), ending them after `graceMs` at the latest. */
  closeAll(graceMs: number): Promise<void>;
}

const roomPath = /^\/v1\/rooms\/([^/]*)$/;
// A socket that has not answered a ping by the next one is gone (a laptop closed, a network
// dropped) and is ended, so that it stops counting against its address's limit.
const heartbeatMs = 30_000;

/**
 * Accepts WebSocket upgrades on `/v1/rooms/{room}?token=...` with `ws` (messages over the room
 * limit are closed by it with 1009) and hands each socket to `server.rooms`, which checks the
 * token and limits before reading any message. A socket whose unsent messages exceed twice the
 * message limit (its client stopped reading) is ended. An upgrade on another path is answered 404.
 */
export function serveRooms(httpServer: Server, server: QuireServer): RoomSockets {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: server.rooms.limits.maxMessageBytes, perMessageDeflate: false });
  const alive = new WeakSet<WebSocket>();
  const maxBufferedBytes = 2 * server.rooms.limits.maxMessageBytes;

  httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://quire.invalid');
    const match = roomPath.exec(url.pathname);
    if (match === null) return answerUpgradeNotFound(socket, server.refuseBeforeRouting);
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      const forwardedFor = request.headers['x-forwarded-for'];
      const session = server.rooms.connect(
        {
          room: safelyDecode(match[1] ?? ''),
          token: url.searchParams.get('token') ?? undefined,
          clientIp: pickClientIp(Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, request.socket.remoteAddress, server.config.trustProxy),
        },
        {
          send: (message) => {
            if (webSocket.readyState !== webSocket.OPEN) return;
            // A client that does not read what its room sends would have the server hold it all in memory.
            if (webSocket.bufferedAmount > maxBufferedBytes) return webSocket.terminate();
            webSocket.send(message);
          },
          close: ({ code, reason }) => webSocket.close(code, reason),
        },
      );
      alive.add(webSocket);
      webSocket.on('pong', () => alive.add(webSocket));
      webSocket.on('message', (data: RawData, isBinary: boolean) => {
        if (isBinary) return session.receive(toBytes(data));
        const { code, reason } = roomClose('ROOM_MESSAGE_MALFORMED', 'the room protocol is binary; a text message was sent');
        webSocket.close(code, reason);
      });
      webSocket.on('close', () => session.end());
      // 'close' follows every 'error'; without a listener an error would crash the process.
      webSocket.on('error', () => undefined);
    });
  });

  const heartbeat = setInterval(() => {
    for (const webSocket of sockets.clients) {
      if (!alive.has(webSocket)) {
        webSocket.terminate();
        continue;
      }
      alive.delete(webSocket);
      webSocket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  httpServer.once('close', () => clearInterval(heartbeat));

  return {
    async closeAll(graceMs) {
      clearInterval(heartbeat);
      const open = [...sockets.clients];
      const { code, reason } = roomClose('SERVER_SHUTTING_DOWN', 'the server is shutting down; reconnect to another');
      const closed = open.map((webSocket) => new Promise<void>((resolve) => (webSocket.readyState === webSocket.CLOSED ? resolve() : webSocket.once('close', () => resolve()))));
      for (const webSocket of open) webSocket.close(code, reason);
      const deadline = setTimeout(() => open.forEach((webSocket) => webSocket.terminate()), graceMs);
      await Promise.all(closed);
      clearTimeout(deadline);
      sockets.close();
    },
  };
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

// A malformed escape becomes a name the room service refuses, rather than an exception.
function safelyDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
