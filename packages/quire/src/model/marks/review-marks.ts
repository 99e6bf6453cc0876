import type { Mark, MarkSpec } from 'prosemirror-model';
import { authorColourSlot } from '../review/author-colour.js';

/** The attributes of a tracked insertion or deletion, as Word records them (ECMA-376 Part 1, 17.13.5). */
export interface TrackedChangeAttrs {
  /** The change's `w:id` as read (several changes of one file may share one); a writer keeps it where it can. */
  readonly id: string;
  readonly author: string;
  /** `w:date` as written (ISO 8601), or null when the change has none. */
  readonly date: string | null;
  /** The name of the move (`w:moveFromRangeStart/@w:name`) for moved text, else null. */
  readonly move: string | null;
}

/**
 * A tracked insertion or deletion of a structure rather than of text: a paragraph's mark (the
 * pilcrow, `w:pPr/w:rPr/w:ins|w:del`, ECMA-376 Part 1, 17.13.5.15 and 17.13.5.13; an inserted
 * mark split the paragraph from the next, a deleted one joins them once accepted), kept as the
 * paragraph's `markChange`, or a table row (`w:trPr/w:ins`, 17.13.5.16), kept as the row's `change`.
 */
export interface StructureChange {
  readonly kind: 'insertion' | 'deletion';
  readonly id: string;
  readonly author: string;
  readonly date: string | null;
}

const changeAttrs = {
  id: { validate: 'string' },
  author: { default: '', validate: 'string' },
  date: { default: null, validate: 'string|null' },
  move: { default: null, validate: 'string|null' },
} as const;

function changeDom(tag: 'ins' | 'del', mark: Mark): [string, Record<string, string>, 0] {
  const attrs: Record<string, string> = {
    class: `quire-${tag === 'ins' ? 'insertion' : 'deletion'} quire-author-${authorColourSlot(String(mark.attrs['author']))}`,
    'data-change-id': String(mark.attrs['id']),
    'data-author': String(mark.attrs['author']),
  };
  if (mark.attrs['date'] !== null) attrs['data-date'] = String(mark.attrs['date']);
  if (mark.attrs['move'] !== null) attrs['data-move'] = String(mark.attrs['move']);
  return [tag, attrs, 0];
}

/**
 * Review marks: tracked insertions and deletions (moves are both, named by `move`), formatting changes and the ranges
 * that comments are anchored to. The document "says" its text as if every change were accepted:
 * layout, PDF and text extraction leave text with a `deletion` mark out (see `isDeletedText`);
 * an editor shows it only in a markup view. None of them is parsed from HTML: pasted text is
 * never a tracked change.
 */
export const reviewMarks: Record<string, MarkSpec> = {
  insertion: { attrs: changeAttrs, inclusive: false, toDOM: (mark) => changeDom('ins', mark) },
  deletion: { attrs: changeAttrs, inclusive: false, toDOM: (mark) => changeDom('del', mark) },
  /**
   * A tracked change of the text's formatting (`w:rPrChange`, ECMA-376 Part 1, 17.13.5.31), see
   * `RunFormatChange`: the text shows its new formatting, the mark holds the old.
   */
  formatChange: {
    attrs: { id: changeAttrs.id, author: changeAttrs.author, date: changeAttrs.date, before: { default: [] }, source: { default: null, validate: 'string|null' } },
    inclusive: false,
    toDOM: (mark) => [
      'span',
      { class: `quire-format-change quire-author-${authorColourSlot(String(mark.attrs['author']))}`, 'data-change-id': String(mark.attrs['id']), 'data-author': String(mark.attrs['author']) },
      0,
    ],
  },
  /** The range of comment `id` (`w:commentRangeStart`..`w:commentRangeEnd`); ranges may overlap. */
  comment: {
    attrs: { id: { validate: 'string' } },
    inclusive: false,
    excludes: '',
    toDOM: (mark) => ['span', { class: 'quire-comment', 'data-comment-id': String(mark.attrs['id']) }, 0],
  },
};
