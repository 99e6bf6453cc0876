import { encodeBase62 } from '../auth/base62.js';

// 12 random bytes (96 bits) in 17 base62 characters: no two keys ever collide, and nobody can
// guess an organisation's next key before it appears in a page.
const randomBytesLength = 12;
const randomLength = 17;
const maxSlugLength = 24;

/**
 * Returns a new organisation licence key, `lk_<name>_<17 base62 characters>`, for example
 * `lk_acme-corp_4fT9q2LxP0aZ7bQeR`. Licence keys are public (they ship in web pages), so they
 * carry no secret and no checksum: the readable part lets people recognise the organisation in
 * page source, logs and CSV files, the random part keeps keys distinct, and `lk_` keeps them
 * apart from secret `sd_` API keys. Printable ASCII, as the `X-License-Key` header requires.
 */
export function createLicenceKey(name: string, randomBytes: (n: number) => Uint8Array): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, maxSlugLength)
      .replace(/-+$/, '') || 'org';
  const bytes = randomBytes(randomBytesLength);
  if (bytes.length !== randomBytesLength) throw new RangeError(`randomBytes(${randomBytesLength}) must return ${randomBytesLength} bytes`);
  return `lk_${slug}_${encodeBase62(bytes, randomLength)}`;
}
