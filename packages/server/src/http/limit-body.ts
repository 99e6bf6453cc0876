import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';
import { readCappedStream } from 'quire/package';
import { formatByteSize } from '@quire/convert';

/**
 * Middleware that refuses bodies over `maxBytes` with `REQUEST_BODY_TOO_LARGE` (413): at once
 * when `Content-Length` says so, and otherwise (chunked or unknown length) by reading the stream
 * with a running count and stopping at the cap, so an oversized body is never buffered whole.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Checked before touching `c.req.raw.body`: on Node that getter converts the request into a
    // stream-backed one, which makes the later JSON read several times slower.
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) throw bodyTooLarge(maxBytes);
      return next();
    }
    const body = c.req.raw.body;
    if (body === null) return next();
    const bytes = await readCappedStream(body, maxBytes, () => bodyTooLarge(maxBytes));
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}


function bodyTooLarge(maxBytes: number): ApiError {
  return new ApiError('REQUEST_BODY_TOO_LARGE', {
    message: `The request body is larger than ${formatByteSize(maxBytes)}.`,
    details: { maxBytes },
  });
}
