/** Largest `X-Quire-Warnings` value in bytes: proxies commonly refuse header sections over 8 KiB. */
export const MAX_WARNINGS_HEADER_BYTES = 4096;
/** Longest single warning kept in the header, in characters; longer ones are cut with "…". */
export const MAX_WARNING_CHARS = 300;

/**
 * Returns the response headers that carry a conversion's warnings: `X-Quire-Warnings-Count` (all
 * of them, always) and, when there are any, `X-Quire-Warnings`, a JSON array of strings in ASCII
 * (other characters as `\uXXXX` escapes, as header values must be) of at most
 * {@link MAX_WARNINGS_HEADER_BYTES}. Warnings that do not fit are left out, in order; the count
 * tells a client how many it did not receive.
 */
export function buildWarningHeaders(warnings: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = { 'x-quire-warnings-count': String(warnings.length) };
  const listed: string[] = [];
  let length = 2; // the brackets
  for (const warning of warnings) {
    const entry = toAsciiJson(warning.length > MAX_WARNING_CHARS ? `${warning.slice(0, MAX_WARNING_CHARS - 1)}…` : warning);
    const added = entry.length + (listed.length === 0 ? 0 : 1);
    if (length + added > MAX_WARNINGS_HEADER_BYTES) break;
    listed.push(entry);
    length += added;
  }
  if (listed.length > 0) headers['x-quire-warnings'] = `[${listed.join(',')}]`;
  return headers;
}

function toAsciiJson(text: string): string {
  return JSON.stringify(text).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
