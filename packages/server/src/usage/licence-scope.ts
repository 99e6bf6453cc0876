/** Which licence keys a usage read covers: every key in the store (the operator), or a list. */
export type LicenceScope = { kind: 'all' } | { kind: 'keys'; keys: readonly string[] };

/** The scope of exactly these keys. */
export function scopeOf(keys: readonly string[]): LicenceScope {
  return { kind: 'keys', keys };
}
