import type { EditorState, Transaction } from 'prosemirror-state';
import { documentComments, type ReviewComment } from '../../model/review/document-review.js';
import { findCommentAnchors } from './cards/comment-anchors.js';
import { changeDate } from './suggest-transaction.js';

/** Who makes a comment and when: the editor's `user` and clock. */
export interface CommentAuthor {
  readonly name: string;
  readonly initials?: string;
  readonly now: () => Date;
}

/**
 * Returns the transaction that adds a comment by `author` with `text` (one paragraph per line) on
 * `from`..`to`, and its id; null when the range holds no text. The id is one number above every
 * comment id of the document and of `usedIds` (those read from the file, which a removed comment's
 * id must not meet again), as Word numbers `w:id`.
 */
export function addComment(state: EditorState, range: { from: number; to: number }, text: string, author: CommentAuthor, usedIds: Iterable<string> = []): { tr: Transaction; id: string } | null {
  const { from, to } = range;
  if (from >= to || state.doc.textBetween(from, to, '\n', '') === '') return null;
  const comments = documentComments(state.doc);
  const id = nextCommentId([...comments.map((comment) => comment.id), ...usedIds]);
  const tr = state.tr.addMark(from, to, state.schema.marks['comment']!.create({ id }));
  tr.setDocAttribute('comments', [...comments, newComment(id, text, author, null)]);
  return { tr, id };
}

/**
 * Returns the transaction that adds a reply by `author` to comment `parentId` (to the first comment
 * of its thread, as Word keeps threads one level deep), and its id; null without that comment. The
 * reply's range is its thread's, as Word writes it: a reply has its own range markers and reference.
 */
export function replyToComment(state: EditorState, parentId: string, text: string, author: CommentAuthor, usedIds: Iterable<string> = []): { tr: Transaction; id: string } | null {
  const comments = documentComments(state.doc);
  const root = threadRoot(comments, parentId);
  if (!root) return null;
  const id = nextCommentId([...comments.map((comment) => comment.id), ...usedIds]);
  const tr = state.tr;
  const anchor = findCommentAnchors(state.doc).get(root.id);
  if (anchor) tr.addMark(anchor.from, anchor.to, state.schema.marks['comment']!.create({ id }));
  tr.setDocAttribute('comments', [...comments, { ...newComment(id, text, author, root.id), done: root.done }]);
  return { tr, id };
}

/** Returns the transaction that sets comment `id`'s text; null without that comment or when `author` did not write it (only one's own comments can be edited). */
export function updateComment(state: EditorState, id: string, text: string, author: Pick<CommentAuthor, 'name'>): Transaction | null {
  const comments = documentComments(state.doc);
  const comment = comments.find((each) => each.id === id);
  if (!comment || comment.author !== author.name) return null;
  const paragraphs = text.split(/\r\n|\r|\n/);
  if (paragraphs.join('\n') === comment.paragraphs.join('\n')) return null;
  // Text typed in is plain: the runs as read go.
  const edited = (({ runs: _runs, ...rest }) => ({ ...rest, paragraphs }))(comment);
  return state.tr.setDocAttribute('comments', comments.map((each) => (each === comment ? edited : each)));
}

/** Returns the transaction that resolves (`done`) or reopens the thread comment `id` is in, all its comments, as Word does; null without that comment or when it is so already. */
export function setCommentDone(state: EditorState, id: string, done: boolean): Transaction | null {
  const comments = documentComments(state.doc);
  const root = threadRoot(comments, id);
  if (!root || root.done === done) return null;
  const thread = threadIds(comments, root.id);
  return state.tr.setDocAttribute('comments', comments.map((each) => (thread.has(each.id) && each.done !== done ? { ...each, done } : each)));
}

/** Returns the transaction that removes comment `id`, its replies, and their ranges; null without that comment. */
export function removeComment(state: EditorState, id: string): Transaction | null {
  const comments = documentComments(state.doc);
  if (!comments.some((each) => each.id === id)) return null;
  const gone = threadIds(comments, id);
  const tr = state.tr;
  const type = state.schema.marks['comment']!;
  state.doc.descendants((node, pos) => {
    if (!node.isInline) return true;
    for (const mark of node.marks) if (mark.type === type && gone.has(String(mark.attrs['id']))) tr.removeMark(pos, pos + node.nodeSize, mark);
    return false;
  });
  tr.setDocAttribute('comments', comments.filter((each) => !gone.has(each.id)));
  return tr;
}

// A comment made now by `author`; its paraId and durable id are given when it is written.
function newComment(id: string, text: string, author: CommentAuthor, parentId: string | null): ReviewComment {
  return {
    id,
    author: author.name,
    initials: author.initials ?? null,
    date: changeDate(author.now()),
    paragraphs: text.split(/\r\n|\r|\n/),
    paraId: null,
    parentId,
    done: false,
    durableId: null,
  };
}

// One above the largest numeric id (Word's `w:id` are numbers); 0 for the first.
function nextCommentId(ids: Iterable<string>): string {
  let last = -1;
  for (const id of ids) if (/^\d{1,9}$/.test(id)) last = Math.max(last, Number(id));
  return String(last + 1);
}

// The first comment of the thread comment `id` is in (a reply's parent, up the chain); a cycle of parents stops at `id`.
function threadRoot(comments: readonly ReviewComment[], id: string): ReviewComment | undefined {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  let comment = byId.get(id);
  const seen = new Set<ReviewComment>();
  while (comment && comment.parentId !== null && !seen.has(comment)) {
    seen.add(comment);
    const parent = byId.get(comment.parentId);
    if (!parent) break;
    comment = parent;
  }
  return comment;
}

// `id` and every comment that answers it, directly or through another reply.
function threadIds(comments: readonly ReviewComment[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const comment of comments) {
      if (comment.parentId !== null && ids.has(comment.parentId) && !ids.has(comment.id)) {
        ids.add(comment.id);
        grew = true;
      }
    }
  }
  return ids;
}
