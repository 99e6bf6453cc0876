import type { EditorView } from 'prosemirror-view';
import type { ReviewComment } from '../../../model/review/document-review.js';
import { QuireOptionsError } from '../../../quire-options-error.js';
import type { DocumentSession } from '../../document/document-session.js';
import { findCommentAnchors } from './comment-anchors.js';
import { createCommentColumn, type CommentColumn } from './comment-column.js';

/** `beside` (default): the comment cards in a column right of the document; `hidden`: none. */
export type CommentsView = 'beside' | 'hidden';

/** A comment of the document as plain data, with the text its range holds now. */
export interface ListedComment extends ReviewComment {
  /** The text the comment's range holds in the document on screen (paragraphs joined by a line break); null when it holds none. */
  readonly anchorText: string | null;
}

/** The comments of the document on screen (`editor.comments`). */
export interface EditorComments {
  /** The comments as read, in the file's order, each with its anchored text; empty without a document or comments. */
  list(): ListedComment[];
  /** Shows (`beside`) or hides (`hidden`) the column of comment cards; throws a `QuireOptionsError` for another value. */
  setView(view: CommentsView): void;
  /** Whether the cards are shown beside the document or hidden. */
  readonly view: CommentsView;
}

/** Returns `value` when it is a comments view; throws a {@link QuireOptionsError} naming `option` otherwise. */
export function readCommentsView(value: unknown, option: string): CommentsView {
  if (value !== 'beside' && value !== 'hidden') throw new QuireOptionsError(option, `must be 'beside' or 'hidden', got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * The comment cards of the editor's document: built when a document with comments is shown (a
 * document without any gets no column, no plugin and no work), gone with it.
 */
export class CommentCards implements EditorComments {
  readonly #viewport: HTMLElement;
  #view: CommentsView;
  #shown: { readonly view: EditorView; readonly session: DocumentSession } | null = null;
  #column: CommentColumn | null = null;

  constructor(viewport: HTMLElement, view: CommentsView) {
    this.#viewport = viewport;
    this.#view = view;
  }

  get view(): CommentsView {
    return this.#view;
  }

  /** The column on screen, if any (for tests and the editor). */
  get column(): CommentColumn | null {
    return this.#column;
  }

  list(): ListedComment[] {
    const shown = this.#shown;
    const comments = shown?.session.review?.comments ?? [];
    if (!shown || comments.length === 0) return [];
    const anchors = findCommentAnchors(shown.view.state.doc);
    return comments.map((comment) => ({ ...comment, paragraphs: [...comment.paragraphs], anchorText: anchors.get(comment.id)?.text ?? null }));
  }

  setView(view: CommentsView): void {
    this.#view = readCommentsView(view, 'comments');
    const column = this.#column;
    if (!column) return;
    column.element.hidden = view === 'hidden';
    if (view === 'hidden') delete this.#viewport.dataset['comments'];
    else {
      this.#viewport.dataset['comments'] = 'beside';
      column.refresh();
    }
  }

  /** Shows the cards of `session`'s comments beside `view` (replacing those shown before); none without comments. */
  show(view: EditorView, session: DocumentSession): void {
    this.hide();
    this.#shown = { view, session };
    const comments = session.review?.comments ?? [];
    if (comments.length === 0) return;
    const column = createCommentColumn({ viewport: this.#viewport, view: () => (this.#shown?.view === view ? view : null), comments });
    this.#column = column;
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, column.plugin] }));
    this.setView(this.#view);
  }

  /** Removes the cards and their plugin. */
  hide(): void {
    const column = this.#column;
    const view = this.#shown?.view;
    this.#column = null;
    this.#shown = null;
    if (!column) return;
    column.dispose();
    if (view && !view.isDestroyed) view.updateState(view.state.reconfigure({ plugins: view.state.plugins.filter((plugin) => plugin !== column.plugin) }));
  }
}
