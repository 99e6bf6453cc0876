const maxDepth = 5;
const maxBytes = 8 * 1024;
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `value` is a plain JSON object nested at most 5 levels deep whose serialisation is at
 * most 8 KiB, with no string containing NUL or an unpaired surrogate (PostgreSQL's `jsonb` refuses
 * both, and one bad report must not fail a whole write batch).
 */
export function isBoundedJsonObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (!isSafeJsonValue(value, 1)) return false;
  return new TextEncoder().encode(JSON.stringify(value)).length <= maxBytes;
}

function isSafeJsonValue(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isSafeString(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean' || value === null) return true;
  if (typeof value !== 'object' || depth > maxDepth) return false;
  if (Array.isArray(value)) return value.every((item) => isSafeJsonValue(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isSafeString(key) && isSafeJsonValue(item, depth + 1));
}

function isSafeString(text: string): boolean {
  return !text.includes('\u0000') && !unpairedSurrogate.test(text);
}
