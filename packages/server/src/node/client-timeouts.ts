import type { ServerOptions } from 'node:http';
import { DEFAULT_BODY_IDLE_TIMEOUT_SECONDS } from '../config/normalize-server-options.js';

/** How long a client may take to send a request, enforced by Node's HTTP server. */
export interface ClientTimeouts {
  /** Time to send the complete request headers, from the connection (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /**
   * Time to send the whole request, body included, from the connection; the server's own work
   * (a conversion) is not counted (Node's `requestTimeout`).
   */
  requestTimeoutMs: number;
  /**
   * Time a request body may go without a byte arriving while the server waits for it; the server's
   * own delays (a busy process, a route that reads slowly) are not counted (Quire's own check,
   * `watchBodyIdleTime`).
   */
  bodyIdleTimeoutMs: number;
}

/**
 * Headers come in milliseconds from any honest client, so 10 s is generous while a slowloris that
 * drips header bytes is dropped within seconds. 10 minutes for the whole request lets a 25 MiB
 * upload through at 350 kbit/s (a poor mobile uplink) and still bounds a body sent a byte at a time.
 * A body that stops arriving is cut after 30 s of silence rather than held for those 10 minutes: a
 * steady link, however slow, delivers a TCP segment far more often than that, and a stalled
 * mobile link that recovers within 30 s keeps its upload.
 */
export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 600_000, bodyIdleTimeoutMs: DEFAULT_BODY_IDLE_TIMEOUT_SECONDS * 1000 };

/**
 * Returns the Node HTTP server options that enforce `timeouts`, answered through `clientError`
 * (408 `REQUEST_TIMEOUT`). Node checks them only every `connectionsCheckingInterval` (30 s by
 * default), which would let a 10 s header limit hold a connection for 40 s: the check runs four
 * times per header limit instead, at most once a second.
 */
export function createClientTimeoutOptions(timeouts: ClientTimeouts): ServerOptions {
  const { headersTimeoutMs, requestTimeoutMs, bodyIdleTimeoutMs } = timeouts;
  if (!(headersTimeoutMs > 0 && requestTimeoutMs >= headersTimeoutMs)) {
    throw new RangeError(`client timeouts: need 0 < headersTimeoutMs <= requestTimeoutMs, got ${headersTimeoutMs} and ${requestTimeoutMs}`);
  }
  if (!(bodyIdleTimeoutMs > 0)) throw new RangeError(`client timeouts: need 0 < bodyIdleTimeoutMs, got ${bodyIdleTimeoutMs}`);
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: checkingInterval(headersTimeoutMs),
  };
}

/** How often to check a limit of `limitMs`: four times per limit, at most once a second. */
export function checkingInterval(limitMs: number): number {
  return Math.min(1000, Math.max(10, Math.floor(limitMs / 4)));
}
