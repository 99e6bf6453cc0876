import { describe, expect, it } from 'vitest';
import { parseEmailAddress } from '../../src/auth/email-address.js';

function accepted(input: string) {
  const result = parseEmailAddress(input);
  if (!result.ok) throw new Error(`expected "${input}" to be accepted: ${result.reason}`);
  return result.value;
}

describe('parseEmailAddress', () => {
  it('accepts plain addresses, including plus tags and RFC 5322 atext characters', () => {
    expect(accepted('ada@example.com').address).toBe('ada@example.com');
    expect(accepted('ada.lovelace+quire@mail.example.co.uk').address).toBe('ada.lovelace+quire@mail.example.co.uk');
    expect(accepted("o'brien_{x}@example.org").address).toBe("o'brien_{x}@example.org");
  });

  it('lower-cases the domain, keeps the local part for delivery and lower-cases all of it for identity', () => {
    expect(accepted('Ada.Lovelace@Example.COM')).toEqual({ address: 'Ada.Lovelace@example.com', canonical: 'ada.lovelace@example.com' });
  });

  it('converts an internationalised domain to punycode', () => {
    expect(accepted('kontakt@Bücher.de').address).toBe('kontakt@xn--bcher-kva.de');
  });

  it('ignores spaces around the address', () => {
    expect(accepted('  ada@example.com ').address).toBe('ada@example.com');
  });

  it.each([
    ['CR LF header injection', 'ada@example.com\r\nBcc: victim@example.org'],
    ['LF alone', 'ada@example.com\nBcc: victim@example.org'],
    ['CR alone', 'ada@example.com\rX: y'],
    ['NUL', 'ada@example.com\u0000'],
    ['a second recipient after a comma', 'ada@example.com,victim@example.org'],
    ['a display name with angle brackets', 'Ada <ada@example.com>'],
    ['angle brackets alone', '<ada@example.com>'],
    ['a semicolon list', 'ada@example.com;victim@example.org'],
    ['a quoted local part', '"ada lovelace"@example.com'],
    ['a backslash', 'ada\\@example.com'],
    ['a comment', 'ada(comment)@example.com'],
    ['an inner space', 'ada lovelace@example.com'],
    ['a tab', 'ada\t@example.com'],
    ['a Unicode line separator', 'ada@example.com\u2028Bcc: x@y.org'],
    ['a C1 control (NEL)', 'ada@example.com\u0085'],
    ['a fullwidth comma in the domain', 'ada@example\uff0ccom'],
  ])('rejects %s', (_name, input) => {
    expect(parseEmailAddress(input).ok).toBe(false);
  });

  it.each([
    ['no @', 'ada.example.com'],
    ['two @', 'ada@home@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'ada@'],
    ['a single-label domain', 'ada@localhost'],
    ['a numeric top-level domain', 'ada@192.168.0.1'],
    ['an IP literal', 'ada@[192.168.0.1]'],
    ['a trailing dot', 'ada@example.com.'],
    ['an empty label', 'ada@example..com'],
    ['a label starting with a hyphen', 'ada@-example.com'],
    ['an underscore in the domain', 'ada@ex_ample.com'],
    ['a leading dot in the local part', '.ada@example.com'],
    ['consecutive dots in the local part', 'ada..lovelace@example.com'],
    ['a non-ASCII local part', 'zoë@example.com'],
    ['an empty string', ''],
  ])('rejects %s', (_name, input) => {
    expect(parseEmailAddress(input).ok).toBe(false);
  });

  it('enforces 64 characters of local part, 63 per label and 254 in total', () => {
    expect(parseEmailAddress(`${'a'.repeat(64)}@example.com`).ok).toBe(true);
    expect(parseEmailAddress(`${'a'.repeat(65)}@example.com`).ok).toBe(false);
    expect(parseEmailAddress(`ada@${'b'.repeat(63)}.com`).ok).toBe(true);
    expect(parseEmailAddress(`ada@${'b'.repeat(64)}.com`).ok).toBe(false);
    const longDomain = `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(50)}.com`;
    const exactly254 = `${'a'.repeat(254 - 1 - longDomain.length)}@${longDomain}`;
    expect(exactly254.length).toBe(254);
    expect(parseEmailAddress(exactly254).ok).toBe(true);
    expect(parseEmailAddress(`a${exactly254}`).ok).toBe(false);
  });

  it('explains the refusal in a client-safe sentence', () => {
    const result = parseEmailAddress('ada@example.com\r\nBcc: x@example.org');
    expect(result).toEqual({ ok: false, reason: 'The e-mail address contains a space or a control character.' });
  });
});
