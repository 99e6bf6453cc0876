/**
 * Returns the scheme a trusted proxy reports in `X-Forwarded-Proto`, lower-cased: the right-most
 * entry, the one that proxy wrote (as for `X-Forwarded-For`, see client-ip.ts).
 */
export function readForwardedProto(header: string | undefined): string | undefined {
  return header?.split(',').at(-1)?.trim().toLowerCase() || undefined;
}
