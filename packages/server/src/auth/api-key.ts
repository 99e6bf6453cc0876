import { createHash } from 'node:crypto';
import { encodeBase62 } from './base62.js';

/** Every API key starts with this prefix (interface section 2.2). */
export const apiKeyPrefix = 'sd_';

// 256 random bits need 43 base62 characters (62^43 > 2^256); the checksum is 32 bits in 6.
const bodyLength = 43;
const checksumLength = 6;
const displayBodyLength = 8;
const apiKeyPattern = new RegExp(`^${apiKeyPrefix}[0-9A-Za-z]{${bodyLength + checksumLength}}$`);

/** A freshly created key: the secret shown once, and the two values that are stored. */
export interface NewApiKey {
  /** The full secret, `sd_` + 43 base62 characters + a 6-character checksum (52 characters). */
  apiKey: string;
  /** Short, non-secret display prefix (`sd_` + 8 characters) used to list and revoke keys. */
  prefix: string;
  /** Lower-case hex SHA-256 of the full key: the only form in which the key is stored. */
  hash: string;
}

/** Returns a new API key made from 32 bytes of `randomBytes`, with its display prefix and hash. */
export function createApiKey(randomBytes: (n: number) => Uint8Array): NewApiKey {
  const bytes = randomBytes(32);
  if (bytes.length !== 32) throw new RangeError('randomBytes(32) must return 32 bytes');
  const body = apiKeyPrefix + encodeBase62(bytes, bodyLength);
  const apiKey = body + computeChecksum(body);
  return { apiKey, prefix: readApiKeyPrefix(apiKey), hash: hashApiKey(apiKey) };
}

/**
 * True when `value` has the shape of an API key and its checksum matches, so typos and foreign
 * tokens are rejected without a store lookup. Says nothing about whether the key was issued.
 */
export function isWellFormedApiKey(value: string): boolean {
  if (!apiKeyPattern.test(value)) return false;
  const body = value.slice(0, apiKeyPrefix.length + bodyLength);
  return computeChecksum(body) === value.slice(body.length);
}

/** Returns the lower-case hex SHA-256 of the key, the form in which keys are stored and looked up. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** Returns the display prefix of a key: `sd_` and the first 8 characters after it. */
export function readApiKeyPrefix(apiKey: string): string {
  return apiKey.slice(0, apiKeyPrefix.length + displayBodyLength);
}

function computeChecksum(body: string): string {
  const digest = createHash('sha256').update(body, 'utf8').digest();
  return encodeBase62(digest.subarray(0, 4), checksumLength);
}
