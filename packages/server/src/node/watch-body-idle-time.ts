import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Called for a request whose body stopped arriving; the request is no longer watched. */
export type OnBodyIdle = (request: IncomingMessage, response: ServerResponse) => void;

interface Watch {
  response: ServerResponse;
  /** The connection's byte count when progress was last seen. */
  bytesRead: number;
  progressAt: number;
}

/**
 * Watches the body of every request `httpServer` receives and calls `onIdle` for one that has not
 * progressed for `idleMs` while the server was waiting for it: no byte arrived on its connection
 * and none that had arrived was left unread. Bytes the server has not read yet (it is busy, or
 * reading slowly) are its own delay, not the client's, and count as progress. A body checked every
 * `checkEveryMs` is cut between `idleMs` and `idleMs + checkEveryMs` after its last byte. Returns a
 * function that stops watching.
 */
export function watchBodyIdleTime(httpServer: Server, idleMs: number, checkEveryMs: number, onIdle: OnBodyIdle): () => void {
  const watched = new Map<IncomingMessage, Watch>();
  let sweep: NodeJS.Timeout | undefined;

  // True when the body moved since the last look; records where it stands.
  const progressed = (request: IncomingMessage, watch: Watch, now: number): boolean => {
    const { bytesRead } = request.socket;
    if (bytesRead === watch.bytesRead && request.readableLength === 0) return false;
    watch.bytesRead = bytesRead;
    watch.progressAt = now;
    return true;
  };
  const isDone = (request: IncomingMessage) => request.complete || request.socket.destroyed;

  const check = () => {
    const now = performance.now();
    const idle: IncomingMessage[] = [];
    for (const [request, watch] of watched) {
      if (isDone(request)) watched.delete(request);
      else if (!progressed(request, watch, now) && now - watch.progressAt >= idleMs) idle.push(request);
    }
    if (watched.size === 0) sweep = stopSweep(sweep);
    if (idle.length === 0) return;
    // Looked at again after the event loop's next poll for I/O: bytes that arrived while this
    // process was too busy to read them are counted before the client is blamed for a silence.
    setImmediate(() => {
      for (const request of idle) {
        const watch = watched.get(request);
        if (watch === undefined || isDone(request) || progressed(request, watch, performance.now())) continue;
        watched.delete(request);
        onIdle(request, watch.response);
      }
    });
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete) return;
    watched.set(request, { response, bytesRead: request.socket.bytesRead, progressAt: performance.now() });
    sweep ??= setInterval(check, checkEveryMs).unref();
  };
  httpServer.on('request', onRequest);
  return () => {
    httpServer.off('request', onRequest);
    sweep = stopSweep(sweep);
    watched.clear();
  };
}

function stopSweep(sweep: NodeJS.Timeout | undefined): undefined {
  clearInterval(sweep);
  return undefined;
}
