const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Returns the base62 text of `bytes` read as one big-endian unsigned number, left-padded with `0`
 * to exactly `width` characters. Throws when the number needs more than `width` characters.
 */
export function encodeBase62(bytes: Uint8Array, width: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = alphabet[Number(value % 62n)] + text;
    value /= 62n;
  }
  if (text.length > width) throw new RangeError(`${bytes.length} bytes do not fit in ${width} base62 characters`);
  return text.padStart(width, '0');
}
