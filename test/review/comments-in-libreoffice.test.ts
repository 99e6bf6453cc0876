// @vitest-environment happy-dom
// Comments made with editor.comments (added, answered, edited, resolved, removed), exported and
// read by LibreOffice through its UNO bridge, and by the editor again.
import type { ListedComment } from 'quire/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../support/fixture-files.js';
import { readReviewWithLibreOffice, type LibreOfficeComment, type LibreOfficeReview } from '../support/libreoffice-review.js';
import { exportBytes, longestPlainText, openInEditor, select } from './editor-actions.js';

// A file without comments (its parts are made), one with comments from python-docx, one with Word's threads.
const FIXTURES = ['docxjs-text.docx', 'python-docx-comments-rich-para.docx', 'quire-word-nested-comments.docx'];
const ANN = 'Ann Reviewer';
const BO = 'Bo Checker';

/** What the editor made of one fixture, and what it read again from its export. */
interface Commented {
  readonly made: ListedComment[];
  readonly reread: ListedComment[];
  readonly exported: Uint8Array;
  /** The text of the comments the edits removed. */
  readonly removed: string[];
}

// As Ann: comments two stretches of text (one comment of two paragraphs), edits the first; as Bo:
// answers it and resolves the second's thread; removes the file's first comment, if any.
async function comment(name: string): Promise<Commented> {
  const { editor, element } = await openInEditor(readFixture(name), { user: { name: ANN, initials: 'AR' } });
  const before = editor.comments.list();
  const text = longestPlainText(element);
  select(element, text, 0, Math.min(5, text.length));
  const first = editor.comments.add('Is this right?');
  const second = longestPlainText(element);
  select(element, second, second.length - 3, 3);
  const other = editor.comments.add('Two points:\nfirst, the date; second, the place.');
  expect([first, other]).not.toContain(null);
  expect(editor.comments.update(first!, 'Is this word right?')).toBe(true);
  editor.setUser({ name: BO });
  expect(editor.comments.reply(first!, 'Yes, it is.')).not.toBeNull();
  expect(editor.comments.resolve(other!)).toBe(true);
  const removed = before.length > 0 ? [before[0]!.paragraphs.join('\n')] : [];
  if (before.length > 0) expect(editor.comments.remove(before[0]!.id)).toBe(true);
  const made = editor.comments.list();
  const exported = await exportBytes(editor);
  editor.destroy();
  const again = await openInEditor(exported);
  const reread = again.editor.comments.list();
  again.editor.destroy();
  return { made, reread, exported, removed };
}

/** A comment as both readers can say it, its parent by its text. */
function described(comments: ReadonlyArray<{ author: string; text: string; resolved: boolean; anchor: string; parentText: string | null }>) {
  return [...comments].sort((a, b) => `${a.author}\n${a.text}`.localeCompare(`${b.author}\n${b.text}`));
}

function fromQuire(comments: readonly ListedComment[]) {
  const textOf = (id: string | null) => (id === null ? null : comments.find((comment) => comment.id === id)!.paragraphs.join('\n'));
  return described(comments.map((comment) => ({ author: comment.author, text: comment.paragraphs.join('\n'), resolved: comment.done, anchor: comment.anchorText ?? '', parentText: textOf(comment.parentId) })));
}

// LibreOffice keeps no reply threads before 7.5 (readsParent false): there the parent is null.
function fromLibreOffice(comments: readonly LibreOfficeComment[]) {
  const textOf = (name: string | null) => (name === null ? null : comments.find((comment) => comment.name === name)!.text);
  return described(comments.map((comment) => ({ author: comment.author, text: comment.text, resolved: comment.resolved, anchor: comment.anchor, parentText: textOf(comment.parent) })));
}

const commented = new Map<string, Commented>();
const read = new Map<string, LibreOfficeReview>();

describe('comments made in the editor, read by LibreOffice', () => {
  beforeAll(async () => {
    for (const name of FIXTURES) commented.set(name, await comment(name));
    for (const [name, review] of await readReviewWithLibreOffice(new Map(FIXTURES.map((name) => [name, commented.get(name)!.exported])))) read.set(name, review);
  }, 600_000);

  afterAll(() => {
    document.body.replaceChildren();
  });

  it.each(FIXTURES)('finds in %s the comments the editor holds: author, text, resolved state and range', (name) => {
    const withoutParents = (comments: ReturnType<typeof fromQuire>) => comments.map(({ parentText: _parent, ...comment }) => comment);
    expect(withoutParents(fromLibreOffice(read.get(name)!.comments))).toEqual(withoutParents(fromQuire(commented.get(name)!.made)));
  });

  it.each(FIXTURES)('finds in %s the new comments by their authors, the reply and the resolved thread among them, and not the removed one', (name) => {
    const comments = read.get(name)!.comments;
    // Sorted by text: LibreOffice lists comments in the order of their ranges.
    const byText = comments.filter((comment) => comment.author === ANN).sort((a, b) => a.text.localeCompare(b.text));
    expect(byText.map(({ text, resolved }) => ({ text, resolved }))).toEqual([
      { text: 'Is this word right?', resolved: false },
      { text: 'Two points:\nfirst, the date; second, the place.', resolved: true },
    ]);
    expect(comments.filter((comment) => comment.author === BO).map(({ text }) => text)).toEqual(['Yes, it is.']);
    for (const text of commented.get(name)!.removed) expect(comments.map((comment) => comment.text)).not.toContain(text);
  });

  it.each(FIXTURES)('finds in %s the reply answering its comment where LibreOffice keeps threads (7.4 keeps none)', (name) => {
    const comments = read.get(name)!.comments;
    const reply = comments.find((comment) => comment.text === 'Yes, it is.')!;
    const parent = comments.find((comment) => comment.text === 'Is this word right?')!;
    expect(reply.parent).toBe(reply.readsParent ? parent.name : null);
  });

  it.each(FIXTURES)('reads the export of %s again in the editor with the same comments, threads and resolved states', (name) => {
    const { made, reread } = commented.get(name)!;
    expect(fromQuire(reread)).toEqual(fromQuire(made));
    expect(fromQuire(made).find((comment) => comment.text === 'Yes, it is.')?.parentText).toBe('Is this word right?');
  });
});
