import type { Node as ModelNode } from 'prosemirror-model';
import { closeHistory } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Plugin, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { documentComments, type ReviewComment } from '../../../model/review/document-review.js';
import { QuireOptionsError } from '../../../quire-options-error.js';
import type { DocumentSession } from '../../document/document-session.js';
import { findCommentAnchors } from './comment-anchors.js';
import { initialsOf } from './comment-card.js';
import { createCommentColumn, type CommentColumn } from './comment-column.js';
import { addComment, removeComment, replyToComment, setCommentDone, updateComment, type CommentAuthor } from '../comment-edits.js';
import type { EditorUser } from '../suggest-user.js';

/** `beside` (default): the comment cards in a column right of the document; `hidden`: none. */
export type CommentsView = 'beside' | 'hidden';

/** A comment of the document as plain data, with the text its range holds now. */
export interface ListedComment extends ReviewComment {
  /** The text the comment's range holds in the document on screen (paragraphs joined by a line break); null when it holds none. */
  readonly anchorText: string | null;
}

/** Where `editor.comments.add` puts a comment: `from`..`to` of the document, else the selection. */
export interface AddCommentOptions {
  readonly from?: number;
  readonly to?: number;
}

/**
 * The comments of the document on screen (`editor.comments`). The edits (`add`, `reply`,
 * `update`, `resolve`, `reopen`, `remove`) are each one undo step, by the editor's `user`, dated
 * now; they are refused (null or false) in view mode, with no document shown, and while a long
 * document's first pages are all that is shown. Wrong arguments throw a `QuireOptionsError`.
 */
export interface EditorComments {
  /** The comments, in the file's order (new ones last), each with its anchored text; empty without a document or comments. */
  list(): ListedComment[];
  /** Adds a comment with `text` (a line per paragraph) on the selection, or on `from`..`to`; returns its id, or null when refused or the range holds no text. */
  add(text: string, options?: AddCommentOptions): string | null;
  /** Adds a reply to comment `parentId` (to the first comment of its thread, as Word does); returns its id, or null when refused or there is no such comment. */
  reply(parentId: string, text: string): string | null;
  /** Sets the text of comment `id`; false when refused, unchanged, or when the user did not write it (only one's own comments can be edited). */
  update(id: string, text: string): boolean;
  /** Marks the thread of comment `id` resolved (`w15:done`); false when refused or it already is. */
  resolve(id: string): boolean;
  /** Reopens the resolved thread of comment `id`; false when refused or it is open. */
  reopen(id: string): boolean;
  /** Removes comment `id`, its replies and their ranges; false when refused or there is no such comment. */
  remove(id: string): boolean;
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

/** What the cards need from their editor. */
export interface CommentCardsHost {
  /** The author of new comments. */
  user(): EditorUser;
  /** Whether the document can be changed now (not view mode, the whole document shown). */
  editable(): boolean;
  /** The clock new comments are dated by. */
  now(): Date;
}

/** The shortcut that opens a new comment, as in Word. */
export const NEW_COMMENT_SHORTCUT = 'Ctrl-Alt-m';

/**
 * The comment cards of the editor's document and the comments API: the column is built when a
 * document with comments is shown, or the first comment is added (a document without any gets no
 * column and no work), gone with the document.
 */
export class CommentCards implements EditorComments {
  readonly #viewport: HTMLElement;
  readonly #host: CommentCardsHost;
  #view: CommentsView;
  #shown: { readonly view: EditorView; readonly session: DocumentSession; readonly keys: Plugin } | null = null;
  #column: CommentColumn | null = null;

  constructor(viewport: HTMLElement, view: CommentsView, host: CommentCardsHost) {
    this.#viewport = viewport;
    this.#view = view;
    this.#host = host;
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
    if (!shown) return [];
    const comments = documentComments(shown.view.state.doc);
    if (comments.length === 0) return [];
    const anchors = findCommentAnchors(shown.view.state.doc);
    return comments.map((comment) => ({ ...comment, paragraphs: [...comment.paragraphs], anchorText: anchors.get(comment.id)?.text ?? null }));
  }

  add(text: string, options: AddCommentOptions = {}): string | null {
    const checked = readText(text, 'text');
    const view = this.#editableView();
    if (!view) return null;
    const { selection, doc } = view.state;
    const from = options.from === undefined ? selection.from : readPosition(options.from, 'from', doc.content.size);
    const to = options.to === undefined ? (options.from === undefined ? selection.to : from) : readPosition(options.to, 'to', doc.content.size);
    const made = addComment(view.state, { from: Math.min(from, to), to: Math.max(from, to) }, checked, this.#author(), this.#readIds());
    return made && this.#dispatch(view, made.tr) ? made.id : null;
  }

  reply(parentId: string, text: string): string | null {
    const checked = readText(text, 'text');
    const view = this.#editableView();
    const made = view && replyToComment(view.state, String(parentId), checked, this.#author(), this.#readIds());
    return view && made && this.#dispatch(view, made.tr) ? made.id : null;
  }

  update(id: string, text: string): boolean {
    const checked = readText(text, 'text');
    const view = this.#editableView();
    return view !== null && this.#dispatch(view, updateComment(view.state, String(id), checked, this.#host.user()));
  }

  resolve(id: string): boolean {
    const view = this.#editableView();
    return view !== null && this.#dispatch(view, setCommentDone(view.state, String(id), true));
  }

  reopen(id: string): boolean {
    const view = this.#editableView();
    return view !== null && this.#dispatch(view, setCommentDone(view.state, String(id), false));
  }

  remove(id: string): boolean {
    const view = this.#editableView();
    return view !== null && this.#dispatch(view, removeComment(view.state, String(id)));
  }

  /** Opens the card of a new comment on the selection, as Word's New Comment does; false when refused (see `add`) or nothing is selected. */
  startDraft(): boolean {
    const view = this.#editableView();
    if (!view || this.#view === 'hidden') return false;
    if (!selectsText(view)) return false;
    const { from, to } = view.state.selection;
    this.#ensureColumn(view).startDraft(from, to);
    return true;
  }

  /** Whether `startDraft` would open a card now. */
  canStartDraft(): boolean {
    const view = this.#editableView();
    return view !== null && this.#view === 'beside' && selectsText(view);
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

  /**
   * Follows an applied transaction: when it changed the document's comments (an edit of this API,
   * or its undo), the cards show the new list; returns whether the comments changed.
   */
  followEdit(before: ModelNode, after: ModelNode): boolean {
    if (documentComments(before) === documentComments(after)) return false;
    const shown = this.#shown;
    if (!shown) return true;
    const comments = documentComments(after);
    if (this.#column) {
      if (comments.length === 0 && !this.#column.drafting) this.#removeColumn();
      else this.#column.setComments(comments);
    } else if (comments.length > 0) this.#ensureColumn(shown.view);
    return true;
  }

  /** Builds the cards again, for a new mode or user (their buttons depend on both). */
  refresh(): void {
    const shown = this.#shown;
    if (shown && this.#column) this.#column.setComments(documentComments(shown.view.state.doc));
  }

  /**
   * Shows the cards of `session`'s comments beside `view` (replacing those shown before); none
   * without comments. Each change of the view's plugins makes every plugin view again (the pages'
   * and the tab stops' measuring included), so the plugins go in at once, and a view already shown
   * (a long document made whole) keeps them.
   */
  show(view: EditorView, session: DocumentSession): void {
    const comments = documentComments(view.state.doc);
    if (this.#shown?.view === view) {
      this.#shown = { ...this.#shown, session };
      if (this.#column) this.#column.setComments(comments);
      else if (comments.length > 0) this.#ensureColumn(view);
      return;
    }
    this.hide();
    const keys = keymap({ [NEW_COMMENT_SHORTCUT]: () => this.startDraft() });
    this.#shown = { view, session, keys };
    const column = comments.length > 0 ? this.#makeColumn(view) : null;
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, keys, ...(column ? [column.plugin] : [])] }));
    if (column) this.setView(this.#view);
  }

  /** Removes the cards and their plugins. */
  hide(): void {
    const shown = this.#shown;
    this.#removeColumn();
    this.#shown = null;
    const view = shown?.view;
    if (view && !view.isDestroyed) view.updateState(view.state.reconfigure({ plugins: view.state.plugins.filter((plugin) => plugin !== shown.keys) }));
  }

  #ensureColumn(view: EditorView): CommentColumn {
    if (this.#column) return this.#column;
    const column = this.#makeColumn(view);
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, column.plugin] }));
    this.setView(this.#view);
    return column;
  }

  // The column of `view`'s comments, whose plugin the caller puts into the view.
  #makeColumn(view: EditorView): CommentColumn {
    const column = createCommentColumn({
      viewport: this.#viewport,
      view: () => (this.#shown?.view === view ? view : null),
      comments: documentComments(view.state.doc),
      editing: {
        user: () => (this.#host.editable() ? this.#host.user().name : null),
        add: (text, range) => this.add(text, range) !== null,
        reply: (id, text) => this.reply(id, text) !== null,
        update: (id, text) => this.update(id, text),
        resolve: (id) => this.resolve(id),
        reopen: (id) => this.reopen(id),
        remove: (id) => this.remove(id),
        focusDocument: () => view.focus(),
        draftClosed: () => {
          if (documentComments(view.state.doc).length === 0) this.#removeColumn();
        },
      },
    });
    this.#column = column;
    return column;
  }

  #removeColumn(): void {
    const column = this.#column;
    const view = this.#shown?.view;
    this.#column = null;
    if (!column) return;
    column.dispose();
    if (view && !view.isDestroyed) view.updateState(view.state.reconfigure({ plugins: view.state.plugins.filter((plugin) => plugin !== column.plugin) }));
  }

  #editableView(): EditorView | null {
    const view = this.#shown?.view;
    return view && !view.isDestroyed && this.#host.editable() ? view : null;
  }

  #author(): CommentAuthor {
    const user = this.#host.user();
    // Without initials from the user, those the card shows: Word writes w:initials on every comment, and other readers show only what the file says.
    return { name: user.name, initials: user.initials ?? initialsOf({ author: user.name, initials: null }), now: () => this.#host.now() };
  }

  // The ids read from the file: a new comment never takes the id of one removed since.
  #readIds(): string[] {
    return (this.#shown?.session.review?.comments ?? []).map((comment) => comment.id);
  }

  // One undo step of its own (the history would join it to typing just before); whether it applied.
  #dispatch(view: EditorView, tr: Transaction | null): boolean {
    if (!tr) return false;
    const before = view.state;
    view.dispatch(closeHistory(tr).scrollIntoView());
    return view.state !== before;
  }
}

// Whether the selection holds text a comment can be anchored to.
function selectsText(view: EditorView): boolean {
  const { empty, from, to } = view.state.selection;
  return !empty && view.state.doc.textBetween(from, to, '\n', '') !== '';
}

function readText(value: unknown, option: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new QuireOptionsError(option, 'must be a string with some text.');
  return value;
}

function readPosition(value: unknown, option: string, size: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > size) throw new QuireOptionsError(option, `must be a position in the document, from 0 to ${size}.`);
  return value;
}
