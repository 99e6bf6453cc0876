import type { TelemetryReport } from './types.js';

/** The fetch signature telemetry needs; the global `fetch` satisfies it. */
export type TelemetryFetch = (input: string, init: RequestInit) => unknown;

/** Where and how {@link sendReport} sends. */
export interface SendReportOptions {
  readonly endpoint: string;
  readonly licenseKey: string;
  /** Defaults to `globalThis.fetch`, looked up at call time so interceptors and late polyfills apply. */
  readonly fetch?: TelemetryFetch | undefined;
}

// Browsers refuse a keepalive request whose body, together with other in-flight keepalive bodies,
// exceeds 64 KiB (Fetch standard, "HTTP-network-or-cache fetch", inflight keepalive bytes).
const KEEPALIVE_BODY_LIMIT = 64 * 1024;

/**
 * POSTs one report as JSON, fire-and-forget: returns before the request completes and never throws
 * or rejects. Every failure is swallowed: no fetch, an unserialisable report, a bad endpoint,
 * a network error, any HTTP status. There is no retry and no queue (interface section 6).
 */
export function sendReport(report: TelemetryReport, options: SendReportOptions): void {
  try {
    const fetchReport = options.fetch ?? (globalThis as { fetch?: TelemetryFetch }).fetch;
    if (typeof fetchReport !== 'function') return;
    const body = JSON.stringify(report);
    // Called as a plain function: called as a method of `options`, a browser's fetch throws
    // "Illegal invocation".
    const pending = fetchReport(options.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-License-Key': options.licenseKey },
      body,
      // Interface section 5: telemetry carries no cookies or session tokens.
      credentials: 'omit',
      mode: 'cors',
      // A larger body would be refused outright with keepalive; without it, the report can still
      // arrive as long as the page stays open.
      keepalive: !exceedsKeepaliveLimit(body),
    });
    if (isThenable(pending)) pending.then(finishResponse, ignore);
  } catch {
    // Telemetry must never break the host application (interface section 6).
  }
}

// The response is unused, but it is read to its end: cancelling it would show every report as
// failed (net::ERR_ABORTED, "cancelled") in the browser's network panel and in page monitoring.
// A body read to its end lets Node release the connection just as a cancel did.
function finishResponse(response: unknown): void {
  try {
    const { arrayBuffer, body } = response as { arrayBuffer?: () => Promise<unknown>; body?: { cancel?: () => Promise<void> } | null };
    const finished = typeof arrayBuffer === 'function' ? (response as Response).arrayBuffer() : body?.cancel?.();
    finished?.then(undefined, ignore);
  } catch {
    // A non-standard response object from an injected fetch: nothing to release.
  }
}

function exceedsKeepaliveLimit(body: string): boolean {
  // Each UTF-16 code unit encodes to at most 3 UTF-8 bytes, so short bodies skip the encoding.
  if (body.length * 3 <= KEEPALIVE_BODY_LIMIT) return false;
  return new TextEncoder().encode(body).byteLength > KEEPALIVE_BODY_LIMIT;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null
    && typeof (value as { then?: unknown }).then === 'function';
}

function ignore(): void {
  // Deliberately empty: failures of a fire-and-forget report are not observable.
}
