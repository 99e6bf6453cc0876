import type { CommentRun, ReviewComment } from '../../../model/review/document-review.js';
import { authorColourSlot } from '../../../model/review/author-colour.js';
import { formatCommentDate } from './comment-date.js';
import { commentButton } from './comment-form.js';
import type { CommentThread } from './comment-threads.js';

const UNKNOWN_AUTHOR = 'Unknown author';

/**
 * The card of a thread: the comment (initials avatar in its author's colour, author, date, each
 * paragraph of its text) and its replies under it. The card is an `article` in the Tab order,
 * named by its author and date for screen readers; a resolved thread is dimmed, and collapsed to
 * its first line until its toggle (a button, `aria-expanded`) opens it. With `user` (the name of
 * the person editing; undefined where the document is read-only) the card has the buttons of
 * Word's thread: Edit on the user's own comments, Reply, Resolve or Reopen, and Delete.
 */
export function createCommentCard(page: Document, thread: CommentThread, dates: Intl.DateTimeFormat, user?: string): HTMLElement {
  const { comment } = thread;
  const card = page.createElement('article');
  card.className = 'quire-comment-card';
  card.tabIndex = 0;
  card.dataset['commentId'] = comment.id;
  card.setAttribute('aria-label', describe('Comment', comment, dates, thread.replies.length));
  card.append(createEntry(page, comment, dates, user));
  if (thread.replies.length > 0) {
    const replies = page.createElement('div');
    replies.className = 'quire-comment-replies';
    for (const reply of thread.replies) {
      const entry = createEntry(page, reply, dates, user);
      entry.setAttribute('role', 'article');
      entry.setAttribute('aria-label', describe('Reply', reply, dates, 0));
      replies.append(entry);
    }
    card.append(replies);
  }
  if (comment.done) {
    card.dataset['done'] = 'true';
    const toggle = page.createElement('button');
    toggle.type = 'button';
    toggle.className = 'quire-comment-toggle';
    setExpanded(card, toggle, false);
    toggle.addEventListener('click', (event) => {
      event.stopPropagation();
      setExpanded(card, toggle, toggle.getAttribute('aria-expanded') !== 'true');
    });
    card.querySelector('.quire-comment-head')?.append(toggle);
  }
  if (user !== undefined) {
    const actions = page.createElement('div');
    actions.className = 'quire-comment-actions';
    const about = comment.author === '' ? UNKNOWN_AUTHOR.toLowerCase() : comment.author;
    if (!comment.done) actions.append(commentButton(page, 'reply', 'Reply', comment.id, `Reply to the comment by ${about}`));
    actions.append(
      comment.done ? commentButton(page, 'reopen', 'Reopen', comment.id, `Reopen the comment by ${about}`) : commentButton(page, 'resolve', 'Resolve', comment.id, `Resolve the comment by ${about}`),
      commentButton(page, 'delete', 'Delete', comment.id, `Delete the comment by ${about} and its replies`),
    );
    card.append(actions);
  }
  return card;
}

// A resolved thread shows its first line only until opened.
function setExpanded(card: HTMLElement, toggle: HTMLElement, expanded: boolean): void {
  toggle.setAttribute('aria-expanded', String(expanded));
  toggle.textContent = expanded ? 'Hide' : 'Show';
  toggle.setAttribute('aria-label', expanded ? 'Hide the resolved comment' : 'Show the resolved comment');
  card.dataset['expanded'] = String(expanded);
}

function createEntry(page: Document, comment: ReviewComment, dates: Intl.DateTimeFormat, user: string | undefined): HTMLElement {
  const entry = page.createElement('div');
  entry.className = 'quire-comment-entry';
  entry.dataset['commentId'] = comment.id;
  const head = page.createElement('div');
  head.className = 'quire-comment-head';
  const avatar = page.createElement('span');
  avatar.className = `quire-comment-avatar quire-author-${authorColourSlot(comment.author)}`;
  avatar.setAttribute('aria-hidden', 'true');
  // The document's colour of the author (see `AuthorColourSheet`) goes by this.
  avatar.dataset['author'] = comment.author;
  avatar.textContent = initialsOf(comment);
  const who = page.createElement('span');
  who.className = 'quire-comment-who';
  const author = page.createElement('span');
  author.className = 'quire-comment-author';
  author.textContent = comment.author === '' ? UNKNOWN_AUTHOR : comment.author;
  who.append(author);
  const date = formatCommentDate(comment.date, dates);
  if (date !== null) {
    const time = page.createElement('time');
    time.className = 'quire-comment-date';
    time.dateTime = comment.date!;
    time.textContent = date;
    who.append(time);
  }
  if (comment.done) {
    const state = page.createElement('span');
    state.className = 'quire-comment-state';
    state.textContent = 'Resolved';
    who.append(state);
  }
  head.append(avatar, who);
  // Only one's own comments can be edited, as in Word.
  if (user !== undefined && user === comment.author && !comment.done) head.append(commentButton(page, 'edit', 'Edit', comment.id, 'Edit your comment'));
  const text = page.createElement('div');
  text.className = 'quire-comment-text';
  comment.paragraphs.forEach((paragraph, index) => {
    const line = page.createElement('p');
    const runs = comment.runs?.[index];
    if (runs) line.append(...runs.map((run) => formattedRun(page, run)));
    else line.textContent = paragraph;
    text.append(line);
  });
  entry.append(head, text);
  return entry;
}

/** The initials a card's avatar shows: the comment's `w:initials`, else the first letters of the author's first and last names. */
export function initialsOf(comment: Pick<ReviewComment, 'author' | 'initials'>): string {
  const given = comment.initials?.trim() ?? '';
  if (given !== '') return given.slice(0, 3);
  const words = comment.author.trim().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  return words.length === 1 ? first.toUpperCase() : (first + [...words[words.length - 1]!][0]!).toUpperCase();
}

function describe(kind: string, comment: ReviewComment, dates: Intl.DateTimeFormat, replies: number): string {
  const parts = [`${kind} by ${comment.author === '' ? UNKNOWN_AUTHOR.toLowerCase() : comment.author}`];
  const date = formatCommentDate(comment.date, dates);
  if (date !== null) parts.push(date);
  if (comment.done) parts.push('resolved');
  if (replies > 0) parts.push(replies === 1 ? '1 reply' : `${replies} replies`);
  return parts.join(', ');
}

// A run of a comment's text in its formatting; a link opens in a new tab, telling the page it leaves nothing.
function formattedRun(page: Document, run: CommentRun): Node {
  let node: Node = page.createTextNode(run.text);
  const wrap = (tag: string): void => {
    const element = page.createElement(tag);
    element.append(node);
    node = element;
  };
  if (run.bold) wrap('strong');
  if (run.italic) wrap('em');
  if (run.underline) wrap('u');
  if (run.strike) wrap('s');
  if (run.href !== undefined) {
    const link = page.createElement('a');
    link.href = run.href;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.append(node);
    node = link;
  }
  return node;
}
