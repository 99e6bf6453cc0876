import { domainToASCII } from 'node:url';

/** A validated e-mail address in the two forms the server uses. */
export interface EmailAddress {
  /** Where mail is delivered: the local part as typed, the domain lower-cased (and punycoded). */
  address: string;
  /** The identity used for codes, keys and limits: the whole address lower-cased. */
  canonical: string;
}

/** The outcome of {@link parseEmailAddress}; `reason` is safe to show to the client. */
export type ParseEmailResult = { ok: true; value: EmailAddress } | { ok: false; reason: string };

// RFC 5321 section 4.5.3.1: 64 octets of local part; a path of 256 octets, minus the angle brackets.
const maxAddressLength = 254;
const maxLocalLength = 64;
const maxDomainLength = 253;
// RFC 5322 section 3.2.3 dot-atom of atext only. Quoted local parts, comments and any character
// that could end a header field or start another address (CR, LF, NUL, space, comma, angle
// brackets, quotes, semicolon, colon, backslash) are refused, so the address is always safe in `To:`.
const localPartPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const topLevelPattern = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Validates an address typed by a user and returns its delivery and canonical forms. Fails for
 * anything but one plain `local@domain` with a registrable-looking DNS domain (no IP literals, no
 * quoted local parts, no non-ASCII local parts); an internationalised domain is converted to punycode.
 */
export function parseEmailAddress(input: string): ParseEmailResult {
  const text = input.replace(/^ +| +$/g, '');
  if (text.length === 0) return fail('The e-mail address is empty.');
  if (text.length > maxAddressLength) return fail(`The e-mail address is longer than ${maxAddressLength} characters.`);
  if (hasForbiddenCharacter(text)) return fail('The e-mail address contains a space or a control character.');
  const parts = text.split('@');
  if (parts.length !== 2) return fail('The e-mail address must contain exactly one "@".');
  const [local = '', rawDomain = ''] = parts;
  if (local.length === 0 || local.length > maxLocalLength || !localPartPattern.test(local)) {
    return fail('The part before "@" is not a valid address.');
  }
  const domain = normalizeDomain(rawDomain);
  if (domain === undefined) return fail('The part after "@" is not a valid domain name.');
  const address = `${local}@${domain}`;
  if (address.length > maxAddressLength) return fail(`The e-mail address is longer than ${maxAddressLength} characters.`);
  return { ok: true, value: { address, canonical: address.toLowerCase() } };
}

function normalizeDomain(raw: string): string | undefined {
  // domainToASCII applies UTS #46 (lower-casing, punycode) and returns '' for invalid names.
  const domain = /^[\x21-\x7e]*$/.test(raw) ? raw.toLowerCase() : domainToASCII(raw);
  if (domain.length === 0 || domain.length > maxDomainLength) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => labelPattern.test(label))) return undefined;
  const topLevel = labels[labels.length - 1] ?? '';
  return topLevelPattern.test(topLevel) ? domain : undefined;
}

// C0 controls, space, DEL and the C1 controls, plus the Unicode line and paragraph separators.
function hasForbiddenCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

function fail(reason: string): ParseEmailResult {
  return { ok: false, reason };
}
