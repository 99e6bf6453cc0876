/**
 * The bounds of `telemetry.metadata`, shared by the library's options check and the collector's
 * report schema so that every report the library sends is one the collector accepts.
 */
export const MAX_METADATA_BYTES = 8 * 1024;
/** Deepest nesting of objects and arrays, the metadata object itself being level 1. */
export const MAX_METADATA_DEPTH = 5;

// PostgreSQL's `jsonb` refuses NUL and unpaired surrogates.
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Returns why `value` is not acceptable metadata, or undefined when it is: a plain JSON object
 * nested at most {@link MAX_METADATA_DEPTH} levels, of finite numbers and strings without NUL or
 * unpaired surrogates, whose UTF-8 serialisation is at most {@link MAX_METADATA_BYTES}.
 */
export function findMetadataProblem(value: unknown): string | undefined {
  if (!isContainer(value) || Array.isArray(value)) return 'must be a JSON object.';
  if (!isStorable(value, 1)) return `must nest at most ${MAX_METADATA_DEPTH} levels, without NUL, lone surrogates or NaN.`;
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  return bytes > MAX_METADATA_BYTES ? `is ${bytes} bytes as JSON, over 8 KiB.` : undefined;
}

function isStorable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !unstorable.test(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (!isContainer(value)) return typeof value === 'boolean' || value === null;
  return depth <= MAX_METADATA_DEPTH
    && Object.entries(value).every(([key, item]) => !unstorable.test(key) && isStorable(item, depth + 1));
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
