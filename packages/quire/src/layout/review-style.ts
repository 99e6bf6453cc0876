import type { Mark } from 'prosemirror-model';
import type { AuthorColourSlots } from '../model/index.js';
import type { TextStyle } from './text-style.js';

/** The shade behind commented text in `all` markup: the editor's comment highlight (amber at a quarter) on white. */
export const COMMENT_SHADE = 'FEEEC0';

/**
 * Returns `style` with the review marks among `marks` drawn as Word prints all markup: an
 * insertion underlined and a deletion struck through, in the author's colour among `colours`
 * (the document's reviewers, as the editor colours them), both marking their line for a change bar, as a formatting change does; text
 * in a comment's range keeps the comment ids. Called in `all` markup only.
 */
export function withReviewMarks(style: TextStyle, marks: readonly Mark[], colours: AuthorColourSlots): TextStyle {
  let changed: { -readonly [K in keyof TextStyle]: TextStyle[K] } | null = null;
  const edit = () => (changed ??= { ...style });
  for (const mark of marks) {
    const name = mark.type.name;
    if (name === 'insertion' || name === 'deletion') {
      const look = edit();
      look.changed = true;
      look.color = colours.colourOf(String(mark.attrs['author']));
      if (name === 'insertion') look.underline = look.underline ?? 'single';
      else look.strike = true;
    } else if (name === 'formatChange') {
      edit().changed = true;
    } else if (name === 'comment') {
      const look = edit();
      look.comments = [...(look.comments ?? []), String(mark.attrs['id'])];
    }
  }
  return changed ?? style;
}
