import type { ReviewComment } from '../../../model/review/document-review.js';

/** A comment with its replies, shown as one card. */
export interface CommentThread {
  readonly comment: ReviewComment;
  /** The replies in the order the file lists them (Word writes them in the order they were made). */
  readonly replies: readonly ReviewComment[];
}

/**
 * Groups `comments` into threads as Word shows them: a reply (one with a `parentId`) goes under
 * the first comment of its thread, a reply to a reply too; a reply whose parent is missing stands
 * as a thread of its own. Threads are ordered by where their range starts (`start` of the
 * thread's comment id), those without a range last, each group in the file's order.
 */
export function threadComments(comments: readonly ReviewComment[], start: (id: string) => number | undefined): CommentThread[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  // The first comment of `comment`'s thread; a comment in a cycle of parents (a broken file) stands on its own.
  const rootOf = (comment: ReviewComment): ReviewComment => {
    const seen = new Set([comment]);
    let root = comment;
    while (root.parentId !== null) {
      const parent = byId.get(root.parentId);
      if (!parent) break;
      if (seen.has(parent)) return comment;
      seen.add(parent);
      root = parent;
    }
    return root;
  };
  const replies = new Map<ReviewComment, ReviewComment[]>();
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root === comment) replies.set(comment, replies.get(comment) ?? []);
    else replies.set(root, [...(replies.get(root) ?? []), comment]);
  }
  const threads = [...replies].map(([comment, list], index) => ({ thread: { comment, replies: list }, at: start(comment.id) ?? Infinity, index }));
  threads.sort((a, b) => a.at - b.at || a.index - b.index);
  return threads.map(({ thread }) => thread);
}
