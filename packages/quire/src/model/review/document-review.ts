import type { Node } from 'prosemirror-model';

/**
 * A comment of a DOCX (`w:comment`, ECMA-376 Part 1, 17.13.4.2) as plain data, with its thread
 * and state from Word's later parts (`commentsExtended.xml`, `commentsIds.xml`). The range it is
 * anchored to is the text carrying a `comment` mark with the same `id`.
 */
export interface ReviewComment {
  /** `w:id`: the key of the `comment` marks and of the `w:commentReference` in the text. */
  readonly id: string;
  readonly author: string;
  readonly initials: string | null;
  /** `w:date` as written (ISO 8601), or null. */
  readonly date: string | null;
  /** The text of each of the comment's paragraphs. */
  readonly paragraphs: readonly string[];
  /**
   * The runs of each paragraph with their direct formatting, as read (their texts make up
   * `paragraphs`); absent for a comment whose text is plain (one made or edited in the editor).
   */
  readonly runs?: readonly (readonly CommentRun[])[];
  /** The `w14:paraId` of the comment's last paragraph, which Word's later parts key the comment by; null without one. */
  readonly paraId: string | null;
  /** The `id` of the comment this one replies to (`w15:paraIdParent`), or null. */
  readonly parentId: string | null;
  /** Resolved (`w15:done`). */
  readonly done: boolean;
  /** `w16cid:durableId`, which stays the same across saves; null without one. */
  readonly durableId: string | null;
}

/** A piece of a comment's paragraph in one formatting: bold, italic, underlined, struck, or a link to a web or mail address. */
export interface CommentRun {
  readonly text: string;
  readonly bold?: true;
  readonly italic?: true;
  readonly underline?: true;
  readonly strike?: true;
  /** An `http:`, `https:` or `mailto:` address the run links to. */
  readonly href?: string;
}

/** A reviewer named in `people.xml` (`w15:person`): how Word recognises the author across documents. */
export interface ReviewPerson {
  readonly author: string;
  readonly providerId: string | null;
  readonly userId: string | null;
}

/** The review data of a document besides the marks in its text: its comments and the people who review it. */
export interface DocumentReview {
  readonly comments: readonly ReviewComment[];
  readonly people: readonly ReviewPerson[];
}

/** A document without comments or people. */
export const EMPTY_REVIEW: DocumentReview = { comments: [], people: [] };

/** The comments `doc` holds (its `comments` attribute, see the `doc` node), in the file's order, new ones last. */
export function documentComments(doc: Node): readonly ReviewComment[] {
  return (doc.attrs['comments'] as readonly ReviewComment[] | undefined) ?? [];
}
