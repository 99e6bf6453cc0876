import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { readForwardedProto } from '../http/forwarded-proto.js';

/** The cookie that carries a dashboard session token. */
export const SESSION_COOKIE = 'quire_session';

/**
 * Sets the session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Path=/ (the dashboard and the usage API), Max-Age the session's lifetime, and
 * Secure when the request came over https (directly, or by `X-Forwarded-Proto` behind a trusted proxy).
 */
export function setSessionCookie(c: Context, token: string, maxAgeSeconds: number, trustProxy: boolean): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: maxAgeSeconds, secure: isHttps(c, trustProxy) });
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(c: Context, trustProxy: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Strict', path: '/', secure: isHttps(c, trustProxy) });
}

/** The session token the request carries, if any. */
export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

function isHttps(c: Context, trustProxy: boolean): boolean {
  return new URL(c.req.url).protocol === 'https:' || (trustProxy && readForwardedProto(c.req.header('x-forwarded-proto')) === 'https');
}
