/**
 * The bounds of `telemetry.metadata`, shared by the library's options check and the collector's
 * report schema so that every report the library sends is one the collector accepts.
 */
export const MAX_METADATA_BYTES = 8 * 1024;
/** Deepest nesting of objects and arrays, the metadata object itself being level 1. */
export const MAX_METADATA_DEPTH = 5;

const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Returns why `value` is not acceptable metadata, or undefined when it is: a plain JSON object
 * nested at most {@link MAX_METADATA_DEPTH} levels whose UTF-8 serialisation is at most
 * {@link MAX_METADATA_BYTES}, with no string holding NUL or an unpaired surrogate (PostgreSQL's
 * `jsonb` refuses both).
 */
export function findMetadataProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object.';
  const problem = findValueProblem(value, 1);
  if (problem !== undefined) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  if (bytes > MAX_METADATA_BYTES) {
    return `is ${bytes} bytes as JSON; at most ${MAX_METADATA_BYTES} bytes (8 KiB) are sent with a report.`;
  }
  return undefined;
}

function findValueProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return findStringProblem(value);
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'must hold finite numbers only.';
  if (typeof value === 'boolean' || value === null) return undefined;
  if (typeof value !== 'object') return 'must hold JSON values only.';
  if (depth > MAX_METADATA_DEPTH) return `must be nested at most ${MAX_METADATA_DEPTH} levels deep.`;
  const entries: Array<[string | undefined, unknown]> = Array.isArray(value)
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = (key === undefined ? undefined : findStringProblem(key)) ?? findValueProblem(item, depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function findStringProblem(text: string): string | undefined {
  return text.includes('\u0000') || unpairedSurrogate.test(text) ? 'must not hold NUL characters or unpaired surrogates.' : undefined;
}
