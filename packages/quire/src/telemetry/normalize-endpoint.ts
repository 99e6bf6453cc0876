import { QuireOptionsError } from '../quire-options-error.js';

const OPTION = 'telemetry.endpoint';

/**
 * Validates `telemetry.endpoint` and returns it as an absolute URL, resolved against `baseUrl` when
 * it is relative. Without a base (Node, server-side rendering) a relative endpoint is returned as
 * written, so an isomorphic configuration does not throw on the server; reports sent from there
 * fail silently. Throws a {@link QuireOptionsError} for anything that is not an http(s) URL.
 */
export function normalizeEndpoint(value: unknown, baseUrl: string | undefined): string {
  if (typeof value !== 'string') throw new QuireOptionsError(OPTION, 'must be a string (a URL).');
  const endpoint = value.trim();
  if (endpoint === '') throw new QuireOptionsError(OPTION, 'must not be empty.');
  // The URL parser would percent-encode inner white space, turning a typo into a plausible path.
  if (/[\s\p{Cc}]/u.test(endpoint)) throw new QuireOptionsError(OPTION, `"${endpoint}" contains white space.`);

  const absolute = parseUrl(endpoint);
  // Only paths that are unmistakably relative are accepted: `telemetry.example.com/v1/collect`
  // (a forgotten scheme) would otherwise quietly become a path under the page.
  if (absolute === undefined && !/^(?:\/|\.\.?\/)/.test(endpoint)) {
    throw new QuireOptionsError(OPTION, `"${endpoint}" must be an absolute http(s) URL or a path starting with "/".`);
  }
  const base = baseUrl === undefined ? undefined : parseUrl(baseUrl);
  // A placeholder base only checks the syntax of a relative reference; it is never sent anywhere.
  const resolved = absolute ?? parseUrl(endpoint, base?.href ?? 'http://relative.invalid/');
  if (resolved === undefined) throw new QuireOptionsError(OPTION, `"${endpoint}" is not a valid URL.`);
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
    throw new QuireOptionsError(OPTION, `must be an http or https URL, got "${resolved.protocol}".`);
  }
  // fetch refuses URLs that carry credentials (Fetch standard, the Request constructor), and they
  // would leak into logs.
  if (resolved.username !== '' || resolved.password !== '') {
    throw new QuireOptionsError(OPTION, 'must not contain a user name or password.');
  }
  return absolute !== undefined || base !== undefined ? resolved.href : endpoint;
}

function parseUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}
