import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';

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
      if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) throw new ApiError('REQUEST_BODY_TOO_LARGE');
      return next();
    }
    const body = c.req.raw.body;
    if (body === null) return next();
    const bytes = await readCapped(body, maxBytes);
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError('REQUEST_BODY_TOO_LARGE');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
