/**
 * Finds GFM's extended autolinks (GitHub Flavored Markdown spec, 6.9): URLs with `http://`,
 * `https://` or `ftp://`, `www.` domains and e-mail addresses (optionally with `mailto:`), in
 * the shape of the linkify-it object markdown-it asks for (`test`, `match`, `matchAtStart`), so
 * that markdown-it's linkify rules find exactly the links GFM makes and Quire's build carries no
 * linkify-it (whose fuzzy matching also finds bare domains such as `README.md`).
 *
 * Every scan is linear in the text: candidates are found by their literal start (`www.`,
 * `://`, `@`) and each character is looked at a bounded number of times.
 */

/** One link found, as linkify-it describes it and markdown-it reads it. */
export interface AutolinkMatch {
  /** Where the link's text starts and ends in the scanned text. */
  readonly index: number;
  readonly lastIndex: number;
  /** The link as written. */
  readonly raw: string;
  readonly text: string;
  /** Its target: `http://` before a `www.` link, `mailto:` before an address. */
  readonly url: string;
  /** `http:`, `https:`, `ftp:`, `mailto:`, or empty for a `www.` link. */
  readonly schema: string;
}

// A URL or `www.` link starts at the start of a line, after white space or after `*`, `_`, `~`
// or `(` (GFM spec, 6.9).
const LINK_START = /(?:https?|ftp):\/\/|www\./giu;
const LINK_START_AT_0 = /^(?:https?|ftp):\/\//iu;
const ALLOWED_BEFORE_LINK = /[\s*_~(]/u;
// After the domain, a link runs to the next white space or `<`.
const LINK_TAIL = /[^\s<]*/uy;
const DOMAIN_CHARACTER = /[\p{L}\p{N}\p{M}_.-]/u;
// Characters trimmed from a link's end (GFM spec, 6.9, extended autolink path validation).
const TRAILING_PUNCTUATION = new Set(['?', '!', '.', ',', ':', '*', '_', '~', '"', "'"]);
const EMAIL_LOCAL_CHARACTER = /[A-Za-z0-9.+_-]/;
const EMAIL_DOMAIN_CHARACTER = /[A-Za-z0-9_.-]/;
const ALPHANUMERIC = /[A-Za-z0-9]/;

/** GFM's extended autolinks, asked for by markdown-it's linkify rules in place of linkify-it. */
export class GfmAutolinks {
  /** Whether `text` holds a link. */
  test(text: string): boolean {
    return this.match(text).length > 0;
  }

  /** The links of `text`, in order, none overlapping another. */
  match(text: string): AutolinkMatch[] {
    const links = findUrlLinks(text);
    if (text.includes('@')) {
      for (const email of findEmailLinks(text)) {
        if (!links.some((link) => email.index < link.lastIndex && link.index < email.lastIndex)) links.push(email);
      }
      links.sort((a, b) => a.index - b.index);
    }
    return links;
  }

  /** The URL link that starts `text` with its scheme (markdown-it's inline rule, which keeps emphasis out of URLs), or null. */
  matchAtStart(text: string): AutolinkMatch | null {
    const scheme = LINK_START_AT_0.exec(text);
    return scheme ? urlLinkAt(text, 0, scheme[0].length) : null;
  }

  /** linkify-it's settings: GFM's rules have none, so this changes nothing. */
  set(): this {
    return this;
  }
}

function findUrlLinks(text: string): AutolinkMatch[] {
  const links: AutolinkMatch[] = [];
  LINK_START.lastIndex = 0;
  for (let start = LINK_START.exec(text); start; start = LINK_START.exec(text)) {
    const before = text[start.index - 1];
    const link = before === undefined || ALLOWED_BEFORE_LINK.test(before) ? urlLinkAt(text, start.index, start[0].length) : null;
    if (link) {
      links.push(link);
      LINK_START.lastIndex = link.lastIndex;
    }
  }
  return links;
}

// The URL or `www.` link whose prefix (`https://`, `www.`) of `prefixLength` starts at `index`, or
// null when no valid domain follows it.
function urlLinkAt(text: string, index: number, prefixLength: number): AutolinkMatch | null {
  LINK_TAIL.lastIndex = index;
  const raw = trimLinkEnd(LINK_TAIL.exec(text)![0]);
  const isWww = text.slice(index, index + prefixLength).toLowerCase() === 'www.';
  let domainEnd = isWww ? index : index + prefixLength;
  while (domainEnd < index + raw.length && DOMAIN_CHARACTER.test(text[domainEnd]!)) domainEnd++;
  const domain = text.slice(isWww ? index : index + prefixLength, domainEnd);
  if (!isValidDomain(domain, isWww)) return null;
  const schema = isWww ? '' : raw.slice(0, raw.indexOf(':') + 1).toLowerCase();
  return { index, lastIndex: index + raw.length, raw, text: raw, url: isWww ? `http://${raw}` : raw, schema };
}

// A valid domain: segments of letters, digits, `_` and `-` joined by periods, none empty, no `_`
// in the last two; a `www.` link's needs a period after `www` (a URL's may be one word, `localhost`).
function isValidDomain(domain: string, isWww: boolean): boolean {
  const segments = domain.split('.');
  if (segments.some((segment) => segment === '')) return false;
  if (isWww && segments.length < 2) return false;
  return !segments.slice(-2).some((segment) => segment.includes('_'));
}

// Trims what GFM leaves out of a link's end: trailing punctuation, `)` without its `(`, and an
// entity reference (`&amp;`). Parentheses are counted once, so the trimming is linear.
function trimLinkEnd(link: string): string {
  let opened = 0;
  let closed = 0;
  for (const character of link) {
    if (character === '(') opened++;
    else if (character === ')') closed++;
  }
  let end = link.length;
  for (;;) {
    const last = link[end - 1];
    if (last === undefined) return '';
    if (TRAILING_PUNCTUATION.has(last)) end--;
    else if (last === ')' && closed > opened) {
      end--;
      closed--;
    } else if (last === ';') {
      let nameStart = end - 1;
      while (nameStart > 0 && ALPHANUMERIC.test(link[nameStart - 1]!)) nameStart--;
      if (nameStart === end - 1 || link[nameStart - 1] !== '&') break;
      end = nameStart - 1;
    } else break;
  }
  return link.slice(0, end);
}

function findEmailLinks(text: string): AutolinkMatch[] {
  const links: AutolinkMatch[] = [];
  let searchedTo = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > searchedTo && EMAIL_LOCAL_CHARACTER.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && EMAIL_DOMAIN_CHARACTER.test(text[end]!)) end++;
    searchedTo = at + 1;
    const link = emailLink(text, start, at, end);
    if (!link) continue;
    links.push(link);
    searchedTo = link.lastIndex;
  }
  return links;
}

// The address from `start` to `end` with its `@` at `at`: its domain cut at an empty segment and
// trailing periods, at least two segments, not ending in `-` or `_`; with `mailto:` before it if
// written; null when it is no address.
function emailLink(text: string, start: number, at: number, end: number): AutolinkMatch | null {
  const domain = text.slice(at + 1, end).split('..')[0]!.replace(/\.+$/, '');
  if (start === at || !domain.includes('.') || domain.startsWith('.') || /[-_]$/.test(domain)) return null;
  const mailto = text.slice(Math.max(0, start - 7), start).toLowerCase() === 'mailto:' ? 7 : 0;
  const index = start - mailto;
  const raw = text.slice(index, at + 1 + domain.length);
  return { index, lastIndex: index + raw.length, raw, text: raw, url: mailto ? raw : `mailto:${raw}`, schema: 'mailto:' };
}
