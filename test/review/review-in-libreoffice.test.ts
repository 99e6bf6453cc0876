// @vitest-environment happy-dom
// Edits suggested in the editor, exported, and read by LibreOffice through its UNO bridge (the
// independent reader): the changes it finds are those made, the file's own comments and changes
// are kept, and its Accept All and Reject All give the text the editor's give.
import type { ListedComment, TrackedChange } from 'quire/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../support/fixture-files.js';
import { readReviewWithLibreOffice, type LibreOfficeReview } from '../support/libreoffice-review.js';
import { WORD_REVIEW_FIXTURES } from '../support/word-review-fixtures.js';
import { changesFromLibreOffice, changesFromQuire, coveredByTypeAndAuthor } from './review-comparisons.js';
import { caretAtStart, exportBytes, lastJoinableParagraph, longestPlainText, openInEditor, press, select, splitPoint, type } from './editor-actions.js';

const FIXTURES = [
  'superdoc-msword-tracked-changes.docx',
  'superdoc-gdocs-tracked-changes.docx',
  'superdoc-gdocs-comments-export.docx',
  'python-docx-comments-rich-para.docx',
  // Not the deleted row: the editor does not hold deleted rows yet, so its decisions leave that row as it was.
  ...WORD_REVIEW_FIXTURES.filter((name) => name !== 'quire-word-deleted-row.docx'),
];
const AUTHOR = 'Ann Reviewer';

/** What the editor made of one fixture. */
interface Suggested {
  /** The changes the editor lists after the edits. */
  readonly changes: TrackedChange[];
  /** Each comment's author and text, and the text its range holds in the editor after the edits. */
  readonly anchors: Array<{ author: string; text: string; anchor: string }>;
  /** Each comment's author, text, parent's text and resolved state, as the editor read the fixture and as it reads the export again. */
  readonly threads: Record<'before' | 'after', ReturnType<typeof threadsOf>>;
  readonly files: Record<'original' | 'suggested' | 'accepted' | 'rejected', Uint8Array>;
}

// The comments as threads: each one's author, text, resolved state and the text of the comment it answers.
function threadsOf(comments: readonly ListedComment[]) {
  const textOf = (id: string | null) => (id === null ? null : (comments.find((comment) => comment.id === id)?.paragraphs.join('\n') ?? null));
  return comments.map(({ author, paragraphs, parentId, done }) => ({ author, text: paragraphs.join('\n'), parent: textOf(parentId), resolved: done }));
}

// Joins the last paragraph to the one before it with Backspace, types, deletes four characters,
// splits a paragraph with Enter and makes three characters bold, each in the longest text outside
// the file's changes, in suggest mode, by AUTHOR; then exports, and exports again after acceptAll and (undone) after rejectAll.
async function suggestEdits(name: string): Promise<Suggested> {
  const original = readFixture(name);
  const { editor, element } = await openInEditor(original, { mode: 'suggest', user: { name: AUTHOR } });
  const threads = threadsOf(editor.comments.list());
  const recorded = () => JSON.stringify(editor.changes.list());
  const edits: Array<() => void> = [
    () => (caretAtStart(element, lastJoinableParagraph(element)), press(element, 'Backspace')),
    () => (select(element, longestPlainText(element), 2), type(element, 'Quire ')),
    () => (select(element, longestPlainText(element), 1, 4), press(element, 'Delete')),
    () => (select(element, ...splitPoint(element)), press(element, 'Enter')),
    () => (select(element, longestPlainText(element), 0, 3), expect(editor.commands.bold()).toBe(true)),
  ];
  for (const edit of edits) {
    const before = recorded();
    edit();
    expect(recorded(), `an edit of ${name} was recorded`).not.toBe(before);
  }
  const changes = editor.changes.list();
  const anchors = editor.comments.list().map((comment) => ({ author: comment.author, text: comment.paragraphs.join('\n'), anchor: comment.anchorText ?? '' }));
  const suggested = await exportBytes(editor);
  expect(editor.changes.acceptAll()).toBe(true);
  const accepted = await exportBytes(editor);
  expect(editor.commands.undo()).toBe(true);
  expect(editor.changes.list()).toEqual(changes);
  expect(editor.changes.rejectAll()).toBe(true);
  const rejected = await exportBytes(editor);
  editor.destroy();
  const reopened = await openInEditor(suggested);
  const threadsAfter = threadsOf(reopened.editor.comments.list());
  reopened.editor.destroy();
  return { changes, anchors, threads: { before: threads, after: threadsAfter }, files: { original, suggested, accepted, rejected } };
}

const suggestedByName = new Map<string, Suggested>();
const read = new Map<string, LibreOfficeReview>();
const readOf = (name: string, file: keyof Suggested['files']) => read.get(`${name.replace(/\.docx$/, '')}.${file}.docx`)!;

describe('suggested edits read by LibreOffice', () => {
  beforeAll(async () => {
    const inputs = new Map<string, Uint8Array>();
    for (const name of FIXTURES) {
      const suggested = await suggestEdits(name);
      suggestedByName.set(name, suggested);
      for (const [file, bytes] of Object.entries(suggested.files)) inputs.set(`${name.replace(/\.docx$/, '')}.${file}.docx`, bytes);
    }
    for (const [file, review] of await readReviewWithLibreOffice(inputs)) read.set(file, review);
  }, 600_000);

  afterAll(() => {
    document.body.replaceChildren();
  });

  it.each(FIXTURES)('finds in %s the changes suggested, of the kind, by the author and over the text the editor lists', (name) => {
    const made = changesFromQuire(suggestedByName.get(name)!.changes.filter((change) => change.author === AUTHOR));
    const found = changesFromLibreOffice(readOf(name, 'suggested').changes.filter((change) => change.author === AUTHOR));
    expect(Object.keys(coveredByTypeAndAuthor(made)).sort()).toEqual([`Delete by ${AUTHOR}`, `Format by ${AUTHOR}`, `Insert by ${AUTHOR}`]);
    expect(coveredByTypeAndAuthor(found)).toEqual(coveredByTypeAndAuthor(made));
  });

  it.each(FIXTURES)('dates the changes suggested in %s as the editor does, to the second', (name) => {
    const dates = new Set(suggestedByName.get(name)!.changes.filter((change) => change.author === AUTHOR).map((change) => change.date!.replace(/Z$/, '')));
    const found = new Set(readOf(name, 'suggested').changes.filter((change) => change.author === AUTHOR).map((change) => change.date));
    expect(found).toEqual(dates);
  });

  it.each(FIXTURES)('keeps the changes %s held, as LibreOffice reads them in the original', (name) => {
    const others = (review: LibreOfficeReview) => coveredByTypeAndAuthor(changesFromLibreOffice(review.changes.filter((change) => change.author !== AUTHOR)));
    expect(others(readOf(name, 'suggested'))).toEqual(others(readOf(name, 'original')));
  });

  it.each(FIXTURES)('keeps the comments of %s with their author, initials, text and resolved state, over the text their range holds in the editor', (name) => {
    const described = (review: LibreOfficeReview) => review.comments.map(({ author, initials, text, resolved }) => ({ author, initials, text, resolved }));
    expect(described(readOf(name, 'suggested'))).toEqual(described(readOf(name, 'original')));
    // By author and text: LibreOffice lists the comments in the order of their ranges, the editor in the file's.
    const byText = (comments: Array<{ author: string; text: string; anchor: string }>) => comments.map(({ author, text, anchor }) => ({ author, text, anchor })).sort((a, b) => `${a.author}\n${a.text}`.localeCompare(`${b.author}\n${b.text}`));
    expect(byText(readOf(name, 'suggested').comments)).toEqual(byText(suggestedByName.get(name)!.anchors));
  });

  // LibreOffice 7.4 keeps no reply threads, so the parents are read again by the editor.
  it.each(FIXTURES)('keeps the reply threads and resolved states of the comments of %s, as the editor reads the export again', (name) => {
    const { before, after } = suggestedByName.get(name)!.threads;
    expect(after).toEqual(before);
  });

  it.each(FIXTURES)('gives with Accept All on %s the text and bold text acceptAll gives in the editor', (name) => {
    expect(readOf(name, 'suggested').accepted).toEqual(readOf(name, 'accepted').paragraphs);
    expect(readOf(name, 'suggested').acceptedBold).toEqual(readOf(name, 'accepted').bold);
    expect(readOf(name, 'accepted').changes).toEqual([]);
  });

  it.each(FIXTURES)('gives with Reject All on %s the text and bold text rejectAll gives in the editor, which is the original with its own changes rejected', (name) => {
    expect(readOf(name, 'suggested').rejected).toEqual(readOf(name, 'rejected').paragraphs);
    expect(readOf(name, 'suggested').rejectedBold).toEqual(readOf(name, 'rejected').bold);
    expect(readOf(name, 'rejected').changes).toEqual([]);
    expect(readOf(name, 'suggested').rejected).toEqual(readOf(name, 'original').rejected);
  });

  it.each(FIXTURES)('leaves no change in %s after LibreOffice accepts all or rejects all', (name) => {
    expect(readOf(name, 'suggested').changesLeft).toBe(0);
  });
});
