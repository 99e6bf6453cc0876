import type { Context } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * Returns the client's IP address: with `trustProxy`, the right-most `X-Forwarded-For` entry,
 * otherwise the socket peer reported by the adapter; `"unknown"` when neither is available.
 */
export function readClientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  return pickClientIp(c.req.header('x-forwarded-for'), c.env?.remoteAddress, trustProxy);
}

/** {@link readClientIp} from the raw header and peer address, for hosts outside the router (WebSocket upgrades). */
export function pickClientIp(forwardedFor: string | undefined, remoteAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    // One trusted proxy appends the address it saw as the LAST entry; every entry before it was
    // written by the client and could be anything, so using one would let a client choose the
    // address its rate limits are counted against.
    const forwarded = forwardedFor?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return remoteAddress ?? 'unknown';
}
