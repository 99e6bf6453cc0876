import type { Token } from 'markdown-it';

/** Returns what markdown-it-footnote records on a token: the note's index and which reference to it. */
export function readFootnoteMeta(token: Token): { id: number; subId: number } {
  const meta = token.meta as { id?: unknown; subId?: unknown } | null;
  return { id: Number(meta?.id ?? 0), subId: Number(meta?.subId ?? 0) };
}

/**
 * Returns the model id of the note that one reference shows (a `footnote_ref` or `footnote_anchor`
 * token): the note's number in order of first reference, from 1, as markdown-it shows it, and for
 * the second and later references to the same note `.2`, `.3`... Word gives every reference a note
 * of its own, as pandoc does, so the reader copies a note cited twice. The label cannot serve as
 * id, since inline notes (`^[text]`) have none.
 */
export function footnoteId(token: Token): string {
  const { id, subId } = readFootnoteMeta(token);
  return subId > 0 ? `${id + 1}.${subId + 1}` : String(id + 1);
}

/**
 * Returns, for each note, the model ids of its references in order: markdown-it-footnote puts a
 * `footnote_anchor` per reference in the note.
 */
export function footnoteReferenceIds(tokens: readonly Token[]): Map<number, string[]> {
  const ids = new Map<number, string[]>();
  for (const token of tokens) {
    if (token.type !== 'footnote_anchor') continue;
    const note = readFootnoteMeta(token).id;
    ids.set(note, [...(ids.get(note) ?? []), footnoteId(token)]);
  }
  return ids;
}
