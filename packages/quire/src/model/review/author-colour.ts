/**
 * The author colours, `RRGGBB`: the editor's style sheet defines the same eight as
 * `--quire-author-0` to `-7`, and the PDF draws changes and comments in them.
 */
export const AUTHOR_COLOURS: readonly string[] = ['1A73E8', 'C5221F', '188038', '9334E6', 'E37400', '007B83', 'B80672', '5F6368'];

/** How many author colours there are (`.quire-author-0` to `-7` in the editor). */
export const AUTHOR_COLOUR_SLOTS = AUTHOR_COLOURS.length;

/**
 * The colour slot of a change's author: the same author gets the same slot in every document and
 * every session, without a list of authors to keep (a hash of the name, as Word keeps no colour).
 */
export function authorColourSlot(author: string): number {
  let hash = 0;
  for (let index = 0; index < author.length; index++) hash = (hash * 31 + author.charCodeAt(index)) >>> 0;
  return hash % AUTHOR_COLOUR_SLOTS;
}

/** The colour of an author's changes and comments, `RRGGBB` (see {@link authorColourSlot}). */
export function authorColour(author: string): string {
  return AUTHOR_COLOURS[authorColourSlot(author)]!;
}
