import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { readDocx } from 'quire/readers';
import { reviewDocx } from '../../bench/support/review-docx.js';
import { BENCH_REVIEW, type ReviewCounts } from '../../bench/support/review-plan.js';
import { acceptAllChanges } from '../../packages/quire/src/editor/review/decide-changes.js';
import { listChanges } from '../../packages/quire/src/editor/review/list-changes.js';
import { extractText } from '../../packages/quire/src/model/extract-text.js';
import { readFixture } from '../support/fixture-files.js';

const LONG = 'superdoc-300-pages.docx';
const SMALL: ReviewCounts = { insertions: 12, deletions: 9, insertedMarks: 4, deletedParagraphs: 3, moves: 2, threads: 10, replies: 3, resolved: 2, spanning: 2 };

describe('reviewDocx', () => {
  it('writes 2,000 tracked changes and 500 comments into the 300-page document, as the counts say', async () => {
    const read = await readDocx(reviewDocx(LONG, BENCH_REVIEW));
    const changes = listChanges(read.value);
    const count = (kind: string, target: string) => changes.filter((change) => change.kind === kind && change.target === target).length;
    expect(changes).toHaveLength(2_000);
    expect(count('insertion', 'text')).toBe(BENCH_REVIEW.insertions);
    expect(count('deletion', 'text')).toBe(BENCH_REVIEW.deletions + BENCH_REVIEW.deletedParagraphs);
    expect(count('insertion', 'paragraph-mark')).toBe(BENCH_REVIEW.insertedMarks);
    expect(count('deletion', 'paragraph-mark')).toBe(BENCH_REVIEW.deletedParagraphs);
    expect(count('move', 'text')).toBe(BENCH_REVIEW.moves);
    const { comments } = read.review;
    expect(comments).toHaveLength(BENCH_REVIEW.threads + BENCH_REVIEW.replies);
    expect(comments.filter((comment) => comment.parentId !== null)).toHaveLength(BENCH_REVIEW.replies);
    expect(comments.filter((comment) => comment.done && comment.parentId === null)).toHaveLength(BENCH_REVIEW.resolved);
    expect(read.messages).toEqual([]);
  });

  it('gives comment ranges that span paragraphs, and ranges for every comment', async () => {
    const read = await readDocx(reviewDocx(LONG, SMALL));
    const paragraphsOf = new Map<string, number>();
    read.value.descendants((node) => {
      if (!node.isTextblock) return true;
      const ids = new Set<string>();
      node.forEach((child) => child.marks.filter((mark) => mark.type.name === 'comment').forEach((mark) => ids.add(String(mark.attrs['id']))));
      for (const id of ids) paragraphsOf.set(id, (paragraphsOf.get(id) ?? 0) + 1);
      return false;
    });
    expect([...paragraphsOf.keys()].sort()).toEqual(read.review.comments.map((comment) => comment.id).sort());
    const spanning = read.review.comments.filter((comment) => comment.parentId === null && (paragraphsOf.get(comment.id) ?? 0) > 1);
    expect(spanning).toHaveLength(SMALL.spanning);
  });

  it('reads, once every change is accepted, as the document it was made from', async () => {
    const original = await readDocx(readFixture(LONG));
    const reviewed = await readDocx(reviewDocx(LONG, SMALL));
    const accepted = acceptAllChanges(EditorState.create({ doc: reviewed.value }));
    expect(accepted).not.toBeNull();
    expect(listChanges(accepted!.doc)).toEqual([]);
    expect(extractText(accepted!.doc)).toBe(extractText(original.value));
  });

  it('gives the same bytes for the same counts', () => {
    expect(reviewDocx(LONG, SMALL)).toEqual(reviewDocx(LONG, SMALL));
  });
});
