import { QuireOptionsError } from '../../quire-options-error.js';
import { defaultFontsBase } from './default-fonts-base.js';

/**
 * Validates the editor's `fonts` option and returns the folder URL (ending in `/`) to load web
 * fonts from, or null to load none. `undefined` and `true` mean the package's own dist/fonts/
 * (null when that is not an http(s) URL, nor a file URL on a file page, as when a bundler has
 * moved the code); `false` means none; a string or URL is resolved against `pageUrl`. Throws a
 * {@link QuireOptionsError} naming `fonts` for another value, an invalid URL or another scheme.
 */
export function readFontsOption(value: unknown, pageUrl: string | undefined): string | null {
  if (value === false) return null;
  if (value === undefined || value === true) {
    const base = defaultFontsBase();
    return base !== null && isUsable(new URL(base), pageUrl) ? base : null;
  }
  const text = typeof value === 'string' ? value.trim() : isUrl(value) ? value.href : null;
  if (text === null || text === '') throw new QuireOptionsError('fonts', 'must be false, or the URL of the folder holding the font files (dist/fonts/ of the package).');
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    throw new QuireOptionsError('fonts', `"${text}" is not a valid URL.`);
  }
  if (!isUsable(url, pageUrl)) throw new QuireOptionsError('fonts', `"${text}" must be an http or https URL, or a path on the page's server.`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

// A page loads fonts over http(s); a file URL only from a file page (a local demo).
function isUsable(url: URL, pageUrl: string | undefined): boolean {
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.username === '' && url.password === '';
  return url.protocol === 'file:' && pageUrl !== undefined && pageUrl.startsWith('file:');
}

function isUrl(value: unknown): value is URL {
  return typeof value === 'object' && value !== null && typeof (value as URL).href === 'string' && typeof (value as URL).protocol === 'string';
}
