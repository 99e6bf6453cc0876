import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

// Echo a caller's id only when it is short and plain, so it cannot smuggle text into logs.
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

// Ids are drawn from a pool refilled 4 KiB at a time: one CSPRNG call per request was about a
// tenth of the collection endpoint's CPU time (bench/server).
const poolBytes = 4096;
const idBytes = 12;

/**
 * Middleware that adopts a sane incoming `X-Request-Id` or generates one (24 hex digits) from
 * `randomBytes`, stores it as `c.var.requestId` and sets it on the response.
 */
export function assignRequestId(randomBytes: (length: number) => Uint8Array): MiddlewareHandler<AppEnv> {
  const nextId = createRequestIdSource(randomBytes);
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && saneRequestId.test(incoming) ? incoming : nextId();
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('x-request-id', requestId);
  };
}

const hexDigits = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Returns a generator of fresh request ids (24 hex digits), for answers given outside the router. */
export function createRequestIdSource(randomBytes: (length: number) => Uint8Array): () => string {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset + idBytes > pool.length) {
      pool = randomBytes(poolBytes);
      offset = 0;
    }
    let id = '';
    for (const byte of pool.subarray(offset, offset + idBytes)) id += hexDigits[byte];
    offset += idBytes;
    return id;
  };
}
