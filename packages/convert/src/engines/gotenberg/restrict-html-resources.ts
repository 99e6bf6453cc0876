/**
 * The Content-Security-Policy given to Chromium for user HTML: nothing may load except `data:`
 * images, styles and fonts and inline styles, and no script runs (CSP Level 3, `default-src`).
 */
export const HTML_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline' data:; font-src data:";

const META = `<meta http-equiv="Content-Security-Policy" content="${HTML_CONTENT_SECURITY_POLICY}">`;

// The meta element must come before anything that loads, but after a doctype (a tag before the
// doctype would put the page in quirks mode). HTML parsing moves a leading <meta> into <head>.
const LEADING = /^(?:\u00ef\u00bb\u00bf)?(?:\s|<!--[\s\S]*?-->)*(?:<!doctype[^>]*>)?/i;

// A CSP cannot stop navigation, and <meta http-equiv="refresh"> navigates without script.
const REFRESH = /(http-equiv\s*=\s*["']?)refresh/gi;

/**
 * Returns the HTML bytes with a Content-Security-Policy `<meta>` inserted at the top and every
 * `http-equiv="refresh"` disabled, so that Chromium fetches nothing the document names. Works on
 * bytes as Latin-1, so any ASCII-compatible encoding passes through unchanged.
 */
export function restrictHtmlResources(html: Uint8Array): Uint8Array {
  const text = disableRefresh(latin1(html));
  const prefix = LEADING.exec(text)?.[0].length ?? 0;
  return fromLatin1(text.slice(0, prefix) + META + text.slice(prefix));
}

/**
 * Returns the bytes with every `http-equiv="refresh"` disabled (for Markdown, whose raw HTML
 * lands in a page that already carries the policy).
 */
export function disableRefreshBytes(bytes: Uint8Array): Uint8Array {
  return fromLatin1(disableRefresh(latin1(bytes)));
}

function disableRefresh(text: string): string {
  return text.replace(REFRESH, '$1x-quire-disabled-refresh');
}

// Byte-preserving: TextDecoder's 'latin1' is windows-1252, which remaps 0x80-0x9F.
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return text;
}

function fromLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
