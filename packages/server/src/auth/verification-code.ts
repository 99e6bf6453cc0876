import { createHmac, timingSafeEqual } from 'node:crypto';

const codeSpace = 1_000_000;
// The largest multiple of 10^6 that fits in 32 bits: values at or above it are drawn again, so
// every code is exactly equally likely (a plain `% 10^6` would favour the low codes).
const acceptBelow = Math.floor(2 ** 32 / codeSpace) * codeSpace;

/** Returns a uniformly random 6-digit code (`000000` to `999999`) drawn from `randomBytes`. */
export function generateVerificationCode(randomBytes: (n: number) => Uint8Array): string {
  for (;;) {
    const bytes = randomBytes(4);
    if (bytes.length !== 4) throw new RangeError('randomBytes(4) must return 4 bytes');
    const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    if (value < acceptBelow) return String(value % codeSpace).padStart(6, '0');
  }
}

/**
 * Returns the hex HMAC-SHA256 under the server secret of `email|code`: the only form in which a
 * code is stored. Binding the address means a stored value is useless for any other address.
 */
export function hashVerificationCode(secret: string | Uint8Array, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}|${code}`, 'utf8').digest('hex');
}

/** True when two hex code hashes are equal, compared in constant time. */
export function isSameCodeHash(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
