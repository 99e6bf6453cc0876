/** How many author colours the editor's style sheet defines (`.quire-author-0` to `-7`). */
export const AUTHOR_COLOUR_SLOTS = 8;

/**
 * The colour slot of a change's author: the same author gets the same slot in every document and
 * every session, without a list of authors to keep (a hash of the name, as Word keeps no colour).
 */
export function authorColourSlot(author: string): number {
  let hash = 0;
  for (let index = 0; index < author.length; index++) hash = (hash * 31 + author.charCodeAt(index)) >>> 0;
  return hash % AUTHOR_COLOUR_SLOTS;
}
