import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors/catalogue.js';
import type { ErrorAnswer } from '../errors/error-response.js';
import { readReasonPhrase } from '../errors/reason-phrases.js';

/** Produces the error answer of a request refused before routing (`QuireServer.refuseBeforeRouting`). */
export type RefuseBeforeRouting = (code: ErrorCode, reason?: string) => ErrorAnswer;

/**
 * Handles Node's `clientError` (a request its HTTP parser refused, or that timed out) as Node
 * would, but with the JSON error body: writes the answer straight to the socket and destroys the
 * connection. Like Node, it writes nothing when the peer reset the connection, the socket is not
 * writable, or a response on it has already begun (bytes of another answer are on the wire).
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, refuse: RefuseBeforeRouting): void {
  answerAndClose(socket, error.code !== 'ECONNRESET' && !hasResponseInProgress(socket), () => refuse(mapParserError(error.code), error.code));
}

/**
 * Answers a request whose body stopped arriving (see `watchBodyIdleTime`) with 408
 * `REQUEST_TIMEOUT` and destroys the connection, so the route reading the body sees it end. Writes
 * nothing when the route has already begun its own answer (it did not wait for the body).
 */
export function answerIdleBody(request: IncomingMessage, response: ServerResponse, refuse: RefuseBeforeRouting): void {
  answerAndClose(request.socket, !response.headersSent, () => refuse('REQUEST_TIMEOUT', BODY_IDLE_REASON));
}

/** Answers a WebSocket upgrade on a path that has none (only `/v1/rooms/{room}` has) with 404 `ROUTE_NOT_FOUND` and destroys the connection. */
export function answerUpgradeNotFound(socket: Duplex, refuse: RefuseBeforeRouting): void {
  answerAndClose(socket, true, () => refuse('ROUTE_NOT_FOUND', 'WEBSOCKET_UPGRADE'));
}

/** The reason logged with a 408 for a body that stopped arriving. */
export const BODY_IDLE_REASON = 'BODY_IDLE_TIMEOUT';

function answerAndClose(socket: Duplex, mayAnswer: boolean, answer: () => ErrorAnswer): void {
  if (mayAnswer && socket.writable) socket.write(serializeAnswer(answer()));
  socket.destroy();
}

// The statuses Node's own handler picks (lib/_http_server.js, socketOnError).
function mapParserError(code: string | undefined): ErrorCode {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'REQUEST_HEADERS_TOO_LARGE';
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 'REQUEST_BODY_TOO_LARGE';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'REQUEST_TIMEOUT';
    default:
      return 'REQUEST_MALFORMED';
  }
}

// Node keeps the response being written on a socket as `_httpMessage`; its documented default
// for clientError checks the same ("headers of the current attached http.ServerResponse").
function hasResponseInProgress(socket: Duplex): boolean {
  return (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
}

function serializeAnswer({ status, headers, body }: ErrorAnswer): string {
  const lines = [`HTTP/1.1 ${status} ${readReasonPhrase(status)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`, `date: ${new Date().toUTCString()}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
