import type { Node } from 'prosemirror-model';

/**
 * The author colours, `RRGGBB`: the editor's style sheet defines the same eight as
 * `--quire-author-0` to `-7`, and the PDF draws changes and comments in them.
 */
export const AUTHOR_COLOURS: readonly string[] = ['1A73E8', 'C5221F', '188038', '9334E6', 'E37400', '007B83', 'B80672', '5F6368'];

/** How many author colours there are (`.quire-author-0` to `-7` in the editor). */
export const AUTHOR_COLOUR_SLOTS = AUTHOR_COLOURS.length;

/**
 * The colour slot of a change's author where the document's authors are not known (see
 * {@link AuthorColourSlots}, which the editor and the PDF use): a hash of the name, the same in
 * every document.
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

/**
 * The authors of a document's tracked changes and comments, in the order they first come: the
 * changes in the text (insertions, deletions, formatting, paragraph marks, rows), then the
 * comments. Word colours reviewers in the order it meets them, so two authors of one document
 * never share a colour among the first eight.
 */
export function documentAuthors(doc: Node): string[] {
  const authors = new Set<string>();
  const add = (change: unknown): void => {
    const author = (change as { author?: unknown } | null | undefined)?.author;
    if (typeof author === 'string') authors.add(author);
  };
  doc.descendants((node) => {
    add(node.attrs['markChange']);
    add(node.attrs['formatChange']);
    add(node.attrs['change']);
    for (const mark of node.marks) if (mark.type.name !== 'comment' && mark.type.name !== 'link') add(mark.attrs);
    return true;
  });
  for (const comment of (doc.attrs['comments'] as readonly unknown[] | undefined) ?? []) add(comment);
  return [...authors];
}

/**
 * Colour slots by author: the authors given, in order, then each other author in the order they
 * are asked for; after eight authors the slots repeat.
 */
export class AuthorColourSlots {
  readonly #slots = new Map<string, number>();

  constructor(authors: Iterable<string> = []) {
    for (const author of authors) this.slotOf(author);
  }

  /** The slot (0 to 7) of `author`'s colour. */
  slotOf(author: string): number {
    let slot = this.#slots.get(author);
    if (slot === undefined) {
      slot = this.#slots.size % AUTHOR_COLOUR_SLOTS;
      this.#slots.set(author, slot);
    }
    return slot;
  }

  /** The colour of `author`, `RRGGBB`. */
  colourOf(author: string): string {
    return AUTHOR_COLOURS[this.slotOf(author)]!;
  }

  /** The authors with their slots, in the order they were given or asked for. */
  entries(): [string, number][] {
    return [...this.#slots];
  }
}
