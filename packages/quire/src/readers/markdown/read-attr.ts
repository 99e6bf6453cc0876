import type { Token } from 'markdown-it';

/** Returns a markdown-it token's attribute as a string, or `null` when it has none. */
export function readAttr(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}
