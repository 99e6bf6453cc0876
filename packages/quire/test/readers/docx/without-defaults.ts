import type { Node } from 'prosemirror-model';

/**
 * Returns the JSON of a read document with its `defaults` attribute reset to null, for comparing
 * with documents made by the model builders; the defaults have tests of their own
 * (read-docx-defaults.test.ts).
 */
export function withoutDefaults(doc: Node): unknown {
  const json = doc.toJSON() as { attrs?: Record<string, unknown> };
  return { ...json, attrs: { ...json.attrs, defaults: null } };
}
