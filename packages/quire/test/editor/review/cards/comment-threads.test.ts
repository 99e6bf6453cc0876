import { describe, expect, it } from 'vitest';
import { threadComments } from '../../../../src/editor/review/cards/comment-threads.js';
import type { ReviewComment } from '../../../../src/model/review/document-review.js';

const comment = (id: string, parentId: string | null = null): ReviewComment => ({
  id,
  author: `Author ${id}`,
  initials: null,
  date: null,
  paragraphs: [`Text ${id}`],
  paraId: null,
  parentId,
  done: false,
  durableId: null,
});

describe('threadComments', () => {
  it('puts replies, and replies to replies, under the first comment of their thread in the file’s order', () => {
    const threads = threadComments([comment('1'), comment('2', '1'), comment('3', '2'), comment('4', '1')], () => 0);
    expect(threads.map((thread) => [thread.comment.id, thread.replies.map((reply) => reply.id)])).toEqual([['1', ['2', '3', '4']]]);
  });

  it('orders threads by where their ranges start, those without a range last in the file’s order', () => {
    const starts: Record<string, number> = { a: 40, b: 5, d: 20 };
    const threads = threadComments([comment('a'), comment('b'), comment('c'), comment('d'), comment('e')], (id) => starts[id]);
    expect(threads.map((thread) => thread.comment.id)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('shows a reply whose parent is missing, or a cycle of parents, as threads of their own instead of losing them', () => {
    const threads = threadComments([comment('1', 'gone'), comment('2', '3'), comment('3', '2')], () => 0);
    expect(threads.flatMap((thread) => [thread.comment.id, ...thread.replies.map((reply) => reply.id)]).sort()).toEqual(['1', '2', '3']);
    expect(threads.some((thread) => thread.comment.id === '1')).toBe(true);
  });
});
