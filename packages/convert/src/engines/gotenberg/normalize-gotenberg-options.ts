import { QuireOptionsError } from 'quire/telemetry';

/** The part of `fetch` the Gotenberg engine uses. */
export type GotenbergFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Options of `createGotenbergEngine`. */
export interface GotenbergEngineOptions {
  /** Base URL of the Gotenberg 8 cluster, e.g. `http://gotenberg:3000`; `user:password@` becomes Basic auth. */
  url: string;
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: GotenbergFetch;
  /** Default time limit of one conversion (request and response) in milliseconds; default 120 000. */
  timeoutMs?: number;
  /** Largest PDF accepted from Gotenberg, in bytes; default 256 MiB. */
  maxOutputBytes?: number;
  /** Extra request headers (e.g. for a gateway in front of the cluster). */
  headers?: Record<string, string>;
}

/** {@link GotenbergEngineOptions} with defaults filled in and credentials moved to a header. */
export interface NormalizedGotenbergOptions {
  /** Base URL without credentials and without a trailing slash. */
  baseUrl: string;
  fetch: GotenbergFetch;
  timeoutMs: number;
  maxOutputBytes: number;
  headers: Record<string, string>;
}

/**
 * Returns the options with defaults filled in. Throws a `QuireOptionsError` naming the option for
 * a URL that is not http(s) or a value of the wrong type or range.
 */
export function normalizeGotenbergOptions(options: GotenbergEngineOptions): NormalizedGotenbergOptions {
  if (typeof options !== 'object' || options === null) throw new QuireOptionsError('gotenberg', 'must be an object.');
  let url: URL;
  try {
    url = new URL(String(options.url));
  } catch {
    throw new QuireOptionsError('gotenberg.url', 'must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new QuireOptionsError('gotenberg.url', 'must be an absolute http(s) URL.');
  }
  const headers: Record<string, string> = { ...readHeaders(options.headers) };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${btoa(credentials)}`;
    url.username = '';
    url.password = '';
  }
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== 'function') throw new QuireOptionsError('gotenberg.fetch', 'must be a function.');
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    fetch: fetchFn,
    timeoutMs: readInteger(options.timeoutMs, 'gotenberg.timeoutMs', 120_000),
    maxOutputBytes: readInteger(options.maxOutputBytes, 'gotenberg.maxOutputBytes', 256 * 1024 * 1024),
    headers,
  };
}

function readInteger(value: unknown, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new QuireOptionsError(option, 'must be a positive integer.');
  }
  return value;
}

function readHeaders(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Object.values(value).some((v) => typeof v !== 'string')) {
    throw new QuireOptionsError('gotenberg.headers', 'must be an object of strings.');
  }
  return value as Record<string, string>;
}
