// @vitest-environment happy-dom
// The fixtures holding Word's own review structures (nested comment ranges, a reply, a resolved
// thread, comments in a table, a move, a deleted row, a formatting change): the editor reads each,
// exports it with no edit keeping its parts byte for byte, and LibreOffice reads what the editor does.
import { unzipSync } from 'fflate';
import type { ListedComment, TrackedChange } from 'quire/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../support/fixture-files.js';
import { readReviewWithLibreOffice, type LibreOfficeReview } from '../support/libreoffice-review.js';
import { buildWordReviewFixture, WORD_REVIEW_FIXTURES } from '../support/word-review-fixtures.js';
import { exportBytes, openInEditor } from './editor-actions.js';
import { changesFromLibreOffice, changesFromQuire, coveredByTypeAndAuthor } from './review-comparisons.js';

const NESTED = 'quire-word-nested-comments.docx';
const TABLE = 'quire-word-table-comment.docx';
const MOVE = 'quire-word-move.docx';
const DELETED_ROW = 'quire-word-deleted-row.docx';
const FORMAT = 'quire-word-format-change.docx';
const CONTRACT = 'quire-word-reviewed-contract.docx';

const ANN = 'Ann Lawyer';
const BO = 'Bo Editor';

/** What each fixture's review says, as Word would show it. */
const EXPECTED: Record<string, { comments: Array<Partial<ListedComment>>; changes: Array<Pick<TrackedChange, 'kind' | 'author' | 'text'>> }> = {
  [NESTED]: {
    comments: [
      { id: '0', author: ANN, initials: 'AL', paragraphs: ['Too broad: name the terms.'], parentId: null, done: false, anchorText: 'parties agree to keep the terms secret' },
      { id: '1', author: BO, initials: 'BE', paragraphs: ['For how long?'], parentId: null, done: false, anchorText: 'to keep' },
      { id: '2', author: BO, initials: 'BE', paragraphs: ['Agreed, see clause 4.'], parentId: '0', done: false, anchorText: 'parties agree to keep the terms secret' },
      { id: '3', author: ANN, initials: 'AL', paragraphs: ['Notice period checked.'], parentId: null, done: true, anchorText: 'end this agreement\nwith thirty days of notice' },
    ],
    changes: [],
  },
  [TABLE]: {
    comments: [
      { id: '0', author: ANN, paragraphs: ['Before or after tax?'], anchorText: 'price' },
      { id: '1', author: BO, paragraphs: ['Paper costs 14 euros now.'], anchorText: 'Paper\n12 euros' },
    ],
    changes: [],
  },
  [MOVE]: { comments: [], changes: [{ kind: 'move', author: BO, text: 'Payment is due in thirty days. ' }] },
  // Deleted rows are left out by the reader (docs/review.md): the table shows as accepted, and no change is listed.
  // The row, then its text and its cells' paragraph marks, as Word writes a deleted row.
  [DELETED_ROW]: {
    comments: [],
    changes: [
      { kind: 'deletion', author: BO, text: 'Tuesday Ink' },
      { kind: 'deletion', author: BO, text: 'Tuesday' },
      { kind: 'deletion', author: BO, text: '¶' },
      { kind: 'deletion', author: BO, text: 'Ink' },
      { kind: 'deletion', author: BO, text: '¶' },
    ],
  },
  [FORMAT]: { comments: [], changes: [{ kind: 'format', author: ANN, text: 'final' }] },
  [CONTRACT]: {
    comments: [
      { id: '0', author: ANN, initials: 'AL', paragraphs: ['Use the registered name.'], parentId: null, done: false, anchorText: 'Northwind Ltd' },
      { id: '1', author: BO, initials: 'BE', paragraphs: ['Northwind Trading Ltd, per the register.'], parentId: '0', done: false, anchorText: 'Northwind Ltd' },
      { id: '2', author: BO, initials: 'BE', paragraphs: ['Is ninety days enough?'], parentId: null, done: false, anchorText: 'end this agreement' },
      { id: '3', author: ANN, initials: 'AL', paragraphs: ['Governing law agreed by phone.'], parentId: null, done: true, anchorText: 'This agreement is governed by the laws of England.' },
    ],
    changes: [
      { kind: 'deletion', author: BO, text: 'thirty' },
      { kind: 'insertion', author: BO, text: 'sixty' },
      { kind: 'insertion', author: ANN, text: 'fourteen ' },
      { kind: 'deletion', author: ANN, text: ' of receipt' },
      { kind: 'insertion', author: BO, text: ' of ninety days' },
      { kind: 'deletion', author: ANN, text: ' Disputes go to arbitration.' },
    ],
  },
};

// The parts a review is kept in; the editor's export adds its identity parts beside them.
const KEPT_PARTS = ['word/document.xml', 'word/comments.xml', 'word/commentsExtended.xml', 'word/commentsIds.xml', 'word/people.xml', 'word/styles.xml'];

/** What the editor made of one fixture. */
interface Opened {
  readonly changes: TrackedChange[];
  readonly comments: ListedComment[];
  /** The text of each paragraph the editor shows (table cells row by row). */
  readonly paragraphs: string[];
  readonly files: Record<'original' | 'unedited' | 'accepted' | 'rejected', Uint8Array>;
}

async function open(name: string): Promise<Opened> {
  const original = readFixture(name);
  const { editor, element } = await openInEditor(original);
  const changes = editor.changes.list();
  const comments = editor.comments.list();
  const paragraphs = [...element.querySelectorAll('.quire-document p')].map((paragraph) => paragraph.textContent ?? '');
  const unedited = await exportBytes(editor);
  editor.changes.acceptAll();
  const accepted = await exportBytes(editor);
  editor.commands.undo();
  editor.changes.rejectAll();
  const rejected = await exportBytes(editor);
  editor.destroy();
  return { changes, comments, paragraphs, files: { original, unedited, accepted, rejected } };
}

const opened = new Map<string, Opened>();
const read = new Map<string, LibreOfficeReview>();
const readOf = (name: string, file: keyof Opened['files']) => read.get(`${name.replace(/\.docx$/, '')}.${file}.docx`)!;
// The fixtures whose every change the editor holds, so that its decisions can be compared with LibreOffice's: all of them.
const DECIDED = WORD_REVIEW_FIXTURES;

describe('Word review structures in the editor and in LibreOffice', () => {
  beforeAll(async () => {
    const inputs = new Map<string, Uint8Array>();
    for (const name of WORD_REVIEW_FIXTURES) {
      opened.set(name, await open(name));
      for (const [file, bytes] of Object.entries(opened.get(name)!.files)) inputs.set(`${name.replace(/\.docx$/, '')}.${file}.docx`, bytes);
    }
    for (const [file, review] of await readReviewWithLibreOffice(inputs)) read.set(file, review);
  }, 600_000);

  afterAll(() => {
    document.body.replaceChildren();
  });

  it.each(WORD_REVIEW_FIXTURES)('has %s in test/fixtures/docx as word-review-fixtures.ts makes it', (name) => {
    expect(Buffer.compare(Buffer.from(readFixture(name)), Buffer.from(buildWordReviewFixture(name)))).toBe(0);
  });

  it.each(WORD_REVIEW_FIXTURES)('reads the comments of %s with their author, text, thread, resolved state and range', (name) => {
    const comments = opened.get(name)!.comments;
    expect(comments).toHaveLength(EXPECTED[name]!.comments.length);
    EXPECTED[name]!.comments.forEach((expected, index) => expect(comments[index]).toMatchObject(expected));
  });

  it.each(WORD_REVIEW_FIXTURES)('lists the tracked changes of %s', (name) => {
    expect(opened.get(name)!.changes.map(({ kind, author, text }) => ({ kind, author, text }))).toEqual(EXPECTED[name]!.changes);
  });

  it.each(WORD_REVIEW_FIXTURES)('exports %s with no edit, its document, review and style parts byte for byte', (name) => {
    const { original, unedited } = opened.get(name)!.files;
    const [before, after] = [unzipSync(original), unzipSync(unedited)];
    for (const part of KEPT_PARTS) {
      if (!before[part]) continue;
      expect(Buffer.compare(Buffer.from(after[part]!), Buffer.from(before[part])), part).toBe(0);
    }
  });

  it.each(WORD_REVIEW_FIXTURES)('is read by LibreOffice with the comments the editor reads: author, initials, text, resolved state and range', (name) => {
    const fromQuire = opened.get(name)!.comments.map(({ author, initials, paragraphs, done, anchorText }) => ({ author, initials: initials ?? '', text: paragraphs.join('\n'), resolved: done, anchor: anchorText ?? '' }));
    const fromLibreOffice = readOf(name, 'original').comments.map(({ author, initials, text, resolved, anchor }) => ({ author, initials, text, resolved, anchor }));
    // LibreOffice lists the comments in the order of their ranges, the editor in the file's.
    const sorted = <T extends { author: string; text: string }>(comments: T[]) => [...comments].sort((a, b) => `${a.author}\n${a.text}`.localeCompare(`${b.author}\n${b.text}`));
    expect(sorted(fromLibreOffice)).toEqual(sorted(fromQuire));
  });

  it('is read by LibreOffice with the reply of the nested fixture answering its parent, where LibreOffice keeps threads (7.4 keeps none)', () => {
    const comments = readOf(NESTED, 'original').comments;
    const reply = comments.find((comment) => comment.text === 'Agreed, see clause 4.')!;
    const parent = comments.find((comment) => comment.text === 'Too broad: name the terms.')!;
    expect(reply.parent).toBe(reply.readsParent ? parent.name : null);
  });

  it.each(DECIDED)('is read by LibreOffice with the tracked changes the editor lists in %s: type, author and text', (name) => {
    // LibreOffice reads a deleted row as the deletion of its cells' text, which the editor lists besides the row and the cells' paragraph marks.
    const listed = opened.get(name)!.changes.filter((change) => name !== DELETED_ROW || change.target === 'text');
    expect(coveredByTypeAndAuthor(changesFromLibreOffice(readOf(name, 'original').changes))).toEqual(coveredByTypeAndAuthor(changesFromQuire(listed)));
  });

  it('exports the deleted-row fixture with every change accepted as LibreOffice accepts it, without the deleted row', () => {
    expect(readOf(DELETED_ROW, 'original').changes.map(({ type, author }) => `${type} ${author}`)).toEqual([`Delete ${BO}`, `Delete ${BO}`]);
    expect(readOf(DELETED_ROW, 'accepted').paragraphs).toEqual(readOf(DELETED_ROW, 'original').accepted);
    expect(readOf(DELETED_ROW, 'accepted').paragraphs).not.toContain('Tuesday');
  });

  it.each(DECIDED)('gives with Accept All and Reject All in LibreOffice on %s the text and bold text acceptAll and rejectAll give in the editor', (name) => {
    expect(readOf(name, 'original').accepted).toEqual(readOf(name, 'accepted').paragraphs);
    expect(readOf(name, 'original').acceptedBold).toEqual(readOf(name, 'accepted').bold);
    expect(readOf(name, 'original').rejected).toEqual(readOf(name, 'rejected').paragraphs);
    expect(readOf(name, 'original').rejectedBold).toEqual(readOf(name, 'rejected').bold);
    expect([...readOf(name, 'accepted').changes, ...readOf(name, 'rejected').changes]).toEqual([]);
  });
});
