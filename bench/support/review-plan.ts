/**
 * Where the review bench's document gets its comments and tracked changes: a deterministic plan
 * over the paragraphs of a body, each paragraph cut into slots of a few words. A change takes a
 * slot of its own (an insertion or a move's destination wraps the slot's words; a deletion or a
 * move's source stands before them as text that is not in the original), and comment ranges start
 * and end between slots, so no comment marker falls inside a change.
 */

/** How many of each the document holds. Every field counts entries of `editor.changes.list()` or comments. */
export interface ReviewCounts {
  readonly insertions: number;
  readonly deletions: number;
  /** Paragraph marks tracked as inserted (on paragraphs of the original, which keep their place). */
  readonly insertedMarks: number;
  /** Whole paragraphs tracked as deleted, text and mark: two changes each. */
  readonly deletedParagraphs: number;
  /** Moves, each one change of two ends in two paragraphs. */
  readonly moves: number;
  /** Comment threads with a range; `replies` more comments answer some of them. */
  readonly threads: number;
  readonly replies: number;
  /** Threads marked done (`w15:done`), replies included. */
  readonly resolved: number;
  /** Threads whose range runs over two or three paragraphs. */
  readonly spanning: number;
}

/** 2,000 tracked changes and 500 comments, as issue 21's bench asks. */
export const BENCH_REVIEW: ReviewCounts = {
  insertions: 885,
  deletions: 885,
  insertedMarks: 150,
  deletedParagraphs: 30,
  moves: 20,
  threads: 400,
  replies: 100,
  resolved: 60,
  spanning: 40,
};

/** What stands in one slot of one paragraph. */
export type SlotChange =
  | { readonly kind: 'insertion' | 'move-to'; readonly change: number }
  | { readonly kind: 'deletion' | 'move-from'; readonly change: number; readonly text: string };

/** A comment thread's range: from before slot `start.slot` of paragraph `start.paragraph` to after slot `end.slot` of `end.paragraph`. */
export interface PlannedThread {
  readonly comment: number;
  readonly start: { readonly paragraph: number; readonly slot: number };
  readonly end: { readonly paragraph: number; readonly slot: number };
  readonly replies: readonly number[];
  readonly resolved: boolean;
}

/** The whole plan: per paragraph its slot changes, the paragraphs with an inserted mark or a deleted paragraph before them, the threads. */
export interface ReviewPlan {
  readonly slots: ReadonlyMap<number, ReadonlyMap<number, SlotChange>>;
  readonly insertedMarks: ReadonlyMap<number, number>;
  readonly deletedBefore: ReadonlyMap<number, number>;
  readonly threads: readonly PlannedThread[];
  /** How many change ids the plan used (`0` to `changes - 1`); a deleted paragraph uses two. */
  readonly changes: number;
}

/** mulberry32: a small seeded generator, so the same counts always give the same document. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plans `counts` over paragraphs with `slotCounts[i]` slots each (0 for an empty paragraph).
 * Throws when the paragraphs have too few free slots for the counts.
 */
export function planReview(slotCounts: readonly number[], counts: ReviewCounts, seed = 21): ReviewPlan {
  const random = seededRandom(seed);
  const pick = (length: number) => Math.floor(random() * length);
  // The first and last paragraphs with text stay as they are: the bench finds the document on screen by them.
  const withText = slotCounts.flatMap((slots, paragraph) => (slots > 0 ? [paragraph] : [])).slice(1, -1);
  const slots = new Map<number, Map<number, SlotChange>>();
  let nextChange = 0;
  const freeSlot = (paragraph: number): number | null => {
    const taken = slots.get(paragraph) ?? new Map<number, SlotChange>();
    const free = Array.from({ length: slotCounts[paragraph] ?? 0 }, (_, slot) => slot).filter((slot) => !taken.has(slot));
    return free.length === 0 ? null : free[pick(free.length)]!;
  };
  const place = (make: (change: number) => SlotChange, paragraph?: number): number => {
    for (let attempt = 0; attempt < 1_000; attempt++) {
      const target = paragraph ?? withText[pick(withText.length)]!;
      const slot = freeSlot(target);
      if (slot === null) {
        if (paragraph !== undefined) break;
        continue;
      }
      const row = slots.get(target) ?? new Map<number, SlotChange>();
      row.set(slot, make(nextChange++));
      slots.set(target, row);
      return target;
    }
    throw new Error('the document has too few free slots for the review counts');
  };
  for (let i = 0; i < counts.insertions; i++) place((change) => ({ kind: 'insertion', change }));
  for (let i = 0; i < counts.deletions; i++) place((change) => ({ kind: 'deletion', change, text: DELETED_WORDS[i % DELETED_WORDS.length]! }));
  for (let i = 0; i < counts.moves; i++) {
    const change = nextChange;
    place(() => ({ kind: 'move-to', change }));
    nextChange = change;
    place(() => ({ kind: 'move-from', change, text: '' }));
  }
  const insertedMarks = new Map<number, number>();
  const marked = shuffled(withText, random).slice(0, counts.insertedMarks);
  for (const paragraph of marked) insertedMarks.set(paragraph, nextChange++);
  const deletedBefore = new Map<number, number>();
  for (const paragraph of shuffled(withText, random).filter((each) => !insertedMarks.has(each)).slice(0, counts.deletedParagraphs)) {
    deletedBefore.set(paragraph, nextChange);
    nextChange += 2;
  }
  return { slots, insertedMarks, deletedBefore, threads: planThreads(slotCounts, withText, counts, random), changes: nextChange };
}

// Threads in distinct paragraphs (a spanning one also owns the paragraphs it runs over), so ranges do not cross.
function planThreads(slotCounts: readonly number[], withText: readonly number[], counts: ReviewCounts, random: () => number): PlannedThread[] {
  const owned = new Set<number>();
  const starts = shuffled(withText, random);
  const threads: { start: PlannedThread['start']; end: PlannedThread['end'] }[] = [];
  for (const paragraph of starts) {
    if (threads.length === counts.threads) break;
    const spans = threads.length < counts.spanning ? 1 + Math.floor(random() * 2) : 0;
    const last = paragraph + spans;
    const covered = Array.from({ length: spans + 1 }, (_, offset) => paragraph + offset);
    if (covered.some((each) => owned.has(each) || !withText.includes(each))) continue;
    for (const each of covered) owned.add(each);
    const first = Math.floor(random() * (slotCounts[paragraph]! - (spans === 0 ? 1 : 0)));
    const end = spans === 0 ? first + Math.floor(random() * (slotCounts[paragraph]! - first)) : Math.floor(random() * slotCounts[last]!);
    threads.push({ start: { paragraph, slot: first }, end: { paragraph: last, slot: end } });
  }
  if (threads.length < counts.threads) throw new Error('the document has too few paragraphs for the comment threads');
  threads.sort((a, b) => a.start.paragraph - b.start.paragraph);
  // Comment ids in document order; each reply right after its thread's first comment.
  const answered = new Set(shuffled(threads.map((_, index) => index), random).slice(0, counts.replies));
  const resolved = new Set(shuffled(threads.map((_, index) => index), random).slice(0, counts.resolved));
  let comment = 0;
  return threads.map((thread, index) => {
    const own = comment++;
    const replies = answered.has(index) ? [comment++] : [];
    return { ...thread, comment: own, replies, resolved: resolved.has(index) };
  });
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const DELETED_WORDS = ['and therefore ', 'in particular ', 'as agreed ', 'without delay ', 'where possible ', 'in writing ', 'at its discretion '];
