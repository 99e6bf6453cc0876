// RFC 6750 section 2.1: credentials = "Bearer" 1*SP b64token; the scheme is case-insensitive.
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** Returns the token of an `Authorization: Bearer <token>` header, or undefined for none or another scheme. */
export function readBearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : bearerPattern.exec(header)?.[1];
}

/**
 * True when `header` is present but does not start with the Bearer scheme, such as a bare
 * `sd_...` key or `Basic ...`: the client sent credentials in a form the server does not read.
 */
export function lacksBearerScheme(header: string | undefined): boolean {
  return header !== undefined && header.trim() !== '' && !/^Bearer(?: |$)/i.test(header.trim());
}
