import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

// Echo a caller's id only when it is short and plain, so it cannot smuggle text into logs.
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Middleware that adopts a sane incoming `X-Request-Id` or generates one from `randomBytes`,
 * stores it as `c.var.requestId` and sets it on the response.
 */
export function assignRequestId(randomBytes: (length: number) => Uint8Array): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && saneRequestId.test(incoming) ? incoming : formatRequestId(randomBytes(12));
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('x-request-id', requestId);
  };
}

function formatRequestId(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
