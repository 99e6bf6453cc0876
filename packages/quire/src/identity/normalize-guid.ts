const GUID_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/**
 * Returns the GUID in `value` upper-cased without braces or white space
 * (`{e63fbcc5-...}` → `E63FBCC5-...`), or undefined when what remains is not a GUID in the
 * 8-4-4-4-12 hex form: such values are treated as missing.
 */
export function normalizeGuid(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const guid = value.replace(/[\s{}]/g, '').toUpperCase();
  return GUID_PATTERN.test(guid) ? guid : undefined;
}
