// Schemes that open a document, a mail or a call; anything else with a scheme (javascript:,
// vbscript:, data:, file:...) could run code or read local files when the link is followed.
const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel', 'ftp', 'ftps']);

/**
 * Returns `href` trimmed when it is safe to keep as a link (a URL with a safe scheme, a relative
 * reference or a `#fragment`), or `undefined` when it is empty or has another scheme.
 */
export function readSafeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '') return undefined;
  // Browsers ignore ASCII control characters and spaces inside a scheme (`java\tscript:`).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const compact = trimmed.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return trimmed;
  return SAFE_SCHEMES.has(scheme[1]!.toLowerCase()) ? trimmed : undefined;
}
