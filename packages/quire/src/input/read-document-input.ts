import { DocumentError } from '../document-error.js';
import { readCappedStream } from '../streams/read-capped-stream.js';

/**
 * What a document can be given as: a File or Blob, raw bytes, or a URL (a string is a URL,
 * resolved against the page address when relative).
 */
export type DocumentInput = File | Blob | ArrayBuffer | Uint8Array | URL | string;

/** The part of `fetch` used to load URLs: any function taking a URL string and init, like `globalThis.fetch`. */
export type DocumentFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Options of {@link readDocumentInput}. */
export interface ReadDocumentInputOptions {
  /** The fetch used for URLs; defaults to `globalThis.fetch`. */
  fetch?: DocumentFetch;
  /** Largest accepted input in bytes; default 100 MiB. */
  maxBytes?: number;
  /** Cancels a fetch in progress. */
  signal?: AbortSignal;
  /** Credentials mode of the fetch; default `'same-origin'`. */
  credentials?: RequestCredentials;
}

/** Default of {@link ReadDocumentInputOptions.maxBytes}: 100 MiB. */
export const DEFAULT_MAX_INPUT_BYTES = 100 * 1024 * 1024;

const FETCHABLE_PROTOCOLS = new Set(['http:', 'https:', 'blob:', 'data:']);

/**
 * Returns the bytes of a document input. Byte inputs are returned without copying (a Uint8Array
 * view keeps its offset). Fails with `INPUT_INVALID` for an unusable input or URL,
 * `INPUT_FETCH_FAILED` for a network error or non-2xx status, and `DOCX_TOO_LARGE` beyond `maxBytes`.
 */
export async function readDocumentInput(
  input: DocumentInput,
  options: ReadDocumentInputOptions = {},
): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  if (!(maxBytes > 0)) {
    throw new DocumentError('INPUT_INVALID', `maxBytes must be a positive number, got ${String(maxBytes)}.`);
  }
  if (input instanceof Uint8Array) return checkSize(input, maxBytes);
  if (ArrayBuffer.isView(input)) {
    // Another typed array, or a Uint8Array from another realm: view the same bytes, never copy.
    const view = input as ArrayBufferView;
    return checkSize(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), maxBytes);
  }
  if (isArrayBuffer(input)) return checkSize(new Uint8Array(input), maxBytes);
  if (isBlobLike(input)) return readBlob(input, maxBytes);
  if (typeof input === 'string' || isUrlLike(input)) return fetchBytes(toUrl(input), options, maxBytes);
  throw new DocumentError(
    'INPUT_INVALID',
    'The document must be a File, Blob, ArrayBuffer, Uint8Array, URL or URL string.',
  );
}

function checkSize(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.byteLength > maxBytes) throw tooLarge(bytes.byteLength, maxBytes);
  return bytes;
}

function tooLarge(size: number, maxBytes: number): DocumentError {
  return new DocumentError(
    'DOCX_TOO_LARGE',
    `The document is larger than the limit of ${maxBytes} bytes.`,
    { details: { size, maxBytes } },
  );
}

// `instanceof` fails across realms (iframes, happy-dom, vm contexts), so both checks duck-type.
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function isBlobLike(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).size === 'number'
  );
}

function isUrlLike(value: unknown): value is URL {
  return (
    value instanceof URL ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as URL).href === 'string' &&
      typeof (value as URL).protocol === 'string')
  );
}

async function readBlob(blob: Blob, maxBytes: number): Promise<Uint8Array> {
  if (blob.size > maxBytes) throw tooLarge(blob.size, maxBytes);
  let buffer: ArrayBuffer;
  try {
    buffer = await blob.arrayBuffer();
  } catch (cause) {
    throw new DocumentError('INPUT_INVALID', 'The file could not be read.', { cause });
  }
  return checkSize(new Uint8Array(buffer), maxBytes);
}

function toUrl(input: string | URL): URL {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input : input.href, base);
  } catch (cause) {
    throw new DocumentError('INPUT_INVALID', 'The document URL is not a valid URL.', { cause });
  }
  if (!FETCHABLE_PROTOCOLS.has(url.protocol)) {
    throw new DocumentError(
      'INPUT_INVALID',
      `Document URLs must use http, https, blob or data, not ${url.protocol.replace(/:$/, '')}.`,
      { details: { protocol: url.protocol } },
    );
  }
  return url;
}

// Messages name the URL without query or fragment: signed URLs carry secrets there.
function describeUrl(url: URL): string {
  return url.protocol === 'data:' ? 'data: URL' : `${url.origin}${url.pathname}`;
}

async function fetchBytes(url: URL, options: ReadDocumentInputOptions, maxBytes: number): Promise<Uint8Array> {
  const fetchFn: DocumentFetch | undefined = options.fetch ?? (globalThis.fetch as DocumentFetch | undefined);
  if (typeof fetchFn !== 'function') {
    throw new DocumentError('INPUT_FETCH_FAILED', 'No fetch function is available to load the document URL.');
  }
  let response: Response;
  try {
    response = await fetchFn(url.href, {
      credentials: options.credentials ?? 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new DocumentError('INPUT_FETCH_FAILED', `The document could not be fetched from ${describeUrl(url)}.`, {
      cause,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new DocumentError(
      'INPUT_FETCH_FAILED',
      `Fetching the document from ${describeUrl(url)} failed with HTTP status ${response.status}.`,
      { details: { status: response.status } },
    );
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(declared, maxBytes);
  }
  try {
    return await readResponseBody(response, maxBytes);
  } catch (cause) {
    if (cause instanceof DocumentError || options.signal?.aborted) throw cause;
    throw new DocumentError('INPUT_FETCH_FAILED', `Reading the document from ${describeUrl(url)} failed.`, { cause });
  }
}

async function readResponseBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return checkSize(new Uint8Array(await response.arrayBuffer()), maxBytes);
  return readCappedStream(response.body, maxBytes, (received) => tooLarge(received, maxBytes));
}
