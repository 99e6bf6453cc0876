import { joinBackward, splitBlock } from 'prosemirror-commands';
import { EditorState, TextSelection } from 'prosemirror-state';
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { addComment, removeComment, replyToComment, setCommentDone, updateComment, type CommentAuthor } from '../../../src/editor/review/comment-edits.js';
import { findCommentAnchors } from '../../../src/editor/review/cards/comment-anchors.js';
import { documentComments } from '../../../src/model/review/document-review.js';
import { readDocx } from '../../../src/readers/index.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';
import { bodyTextblocks, contentTypeOfPart, exportDocx, fixtureBytes, openFixture, partText, relationshipsOf } from './patch-fixtures.js';

const WORD = 'python-docx-comments-rich-para.docx';
const GOOGLE = 'superdoc-gdocs-comments-export.docx';
const PLAIN = 'docxjs-footnote.docx';
const AUTHOR: CommentAuthor = { name: 'Ada Lovelace', initials: 'AL', now: () => new Date('2026-03-04T05:06:07.890Z') };

// Applies `edit` to `doc`; the test fails when the edit does not apply.
function apply(doc: Node, edit: (state: EditorState) => { tr: EditorState['tr'] } | EditorState['tr'] | null): Node {
  const made = edit(EditorState.create({ doc }));
  if (!made) throw new Error('The edit did not apply.');
  return ('tr' in made ? made.tr : made).doc;
}

// The range of the first `length` characters of the first paragraph that starts with that much text.
function firstWords(doc: Node, length = 5): { from: number; to: number; text: string } {
  const block = bodyTextblocks(doc).find((each) => each.node.firstChild?.isText && each.node.firstChild.text!.length >= length)!;
  const from = block.pos + 1;
  return { from, to: from + length, text: block.node.firstChild!.text!.slice(0, length) };
}

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!);
const repeated = (ids: readonly (string | null)[]) => ids.filter((id, index) => ids.indexOf(id) !== index);

describe('patchDocx and comments made in the editor', () => {
  it('creates the comments parts, their content types and relationships for a comment added to a file without any', async () => {
    const original = await openFixture(PLAIN);
    const range = firstWords(original.doc);
    const doc = apply(original.doc, (state) => addComment(state, range, 'Check this\nand that', AUTHOR));
    const bytes = await exportDocx(original, doc);

    const read = await readDocx(bytes);
    expect(read.review.comments).toEqual([
      { id: '0', author: 'Ada Lovelace', initials: 'AL', date: '2026-03-04T05:06:07Z', paragraphs: ['Check this', 'and that'], paraId: expect.stringMatching(/^[0-9A-F]{8}$/), parentId: null, done: false, durableId: expect.stringMatching(/^[0-9A-F]{8}$/) },
    ]);
    expect(read.review.people.map((person) => person.author)).toEqual(['Ada Lovelace']);
    expect(findCommentAnchors(read.value).get('0')?.text).toBe(range.text);
    const main = (await partText(bytes, original.sources.partName))!;
    expect(all(main, /<w:commentRangeStart w:id="(\d+)"\/>/g)).toEqual(['0']);
    expect(all(main, /<w:commentRangeEnd w:id="(\d+)"\/>/g)).toEqual(['0']);
    expect(all(main, /<w:commentReference w:id="(\d+)"\/>/g)).toEqual(['0']);
    const relationships = await relationshipsOf(bytes, original.sources.partName);
    for (const part of ['comments', 'commentsExtended', 'commentsIds', 'people']) {
      expect(relationships.some((relationship) => relationship.partName === `/word/${part}.xml` && relationship.type.endsWith(`/${part}`))).toBe(true);
      expect(await contentTypeOfPart(bytes, `/word/${part}.xml`)).toBe(`application/vnd.openxmlformats-officedocument.wordprocessingml.${part}+xml`);
    }
  });

  it('adds a comment and a reply beside those of a Word file with ids no other comment has, keeping the comments read byte for byte', async () => {
    const original = await openFixture(WORD);
    const read = documentComments(original.doc);
    const first = read[0]!;
    let doc = apply(original.doc, (state) => replyToComment(state, first.id, 'I agree', AUTHOR));
    doc = apply(doc, (state) => addComment(state, firstWords(doc, 3), 'New point', AUTHOR));
    const bytes = await exportDocx(original, doc);

    const before = (await original.package.readXmlPart('/word/comments.xml')).text;
    const after = (await partText(bytes, '/word/comments.xml'))!;
    for (const element of before.match(/<w:comment [\s\S]*?<\/w:comment>/g)!) expect(after).toContain(element);
    const reread = await readDocx(bytes);
    const comments = reread.review.comments;
    expect(comments.slice(0, read.length).map(({ id, paragraphs, parentId, done }) => ({ id, paragraphs, parentId, done }))).toEqual(read.map(({ id, paragraphs, parentId, done }) => ({ id, paragraphs, parentId, done })));
    const [reply, added] = comments.slice(read.length);
    expect(reply).toMatchObject({ author: AUTHOR.name, paragraphs: ['I agree'], parentId: first.id });
    expect(added).toMatchObject({ paragraphs: ['New point'], parentId: null });
    expect(repeated(comments.map((comment) => comment.id))).toEqual([]);
    expect(repeated(comments.map((comment) => comment.paraId))).toEqual([]);
    expect(repeated(comments.map((comment) => comment.durableId))).toEqual([]);
    const anchors = findCommentAnchors(reread.value);
    expect(anchors.get(reply!.id)?.text).toBe(anchors.get(first.id)?.text);
    const main = (await partText(bytes, original.sources.partName))!;
    expect(all(main, /<w:commentReference w:id="(\d+)"\/>/g).sort()).toEqual(comments.map((comment) => comment.id).sort());
    expect(main).toContain(`<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="${added!.id}"/></w:r>`);
  });

  it('writes a resolved comment as done in commentsExtended.xml and changes no other part but the package metadata', async () => {
    const original = await openFixture(WORD);
    const first = documentComments(original.doc)[0]!;
    const doc = apply(original.doc, (state) => setCommentDone(state, first.id, true));
    const bytes = await exportDocx(original, doc);
    expect((await readDocx(bytes)).review.comments.find((comment) => comment.id === first.id)?.done).toBe(true);
    for (const part of ['/word/comments.xml', '/word/commentsIds.xml', original.sources.partName]) expect(await partText(bytes, part)).toBe((await original.package.readXmlPart(part)).text);
    const reopened = await exportDocx(original, apply(doc, (state) => setCommentDone(state, first.id, false)));
    expect((await readDocx(reopened)).review.comments.find((comment) => comment.id === first.id)?.done).toBe(false);
  });

  it('rewrites only the edited comment, keeping its start tag and the paraId its thread is keyed by', async () => {
    const original = await openFixture(WORD);
    const [first, ...others] = documentComments(original.doc);
    const doc = apply(original.doc, (state) => updateComment(state, first!.id, 'Said better', { name: first!.author }));
    const bytes = await exportDocx(original, doc);
    const after = (await partText(bytes, '/word/comments.xml'))!;
    const before = (await original.package.readXmlPart('/word/comments.xml')).text;
    const startTag = new RegExp(`<w:comment [^>]*w:id="${first!.id}"[^>]*>`).exec(before)![0];
    expect(after).toContain(startTag);
    const reread = (await readDocx(bytes)).review.comments;
    expect(reread[0]).toMatchObject({ id: first!.id, paragraphs: ['Said better'], paraId: first!.paraId, durableId: first!.durableId });
    expect(reread.slice(1)).toEqual(others);
  });

  it('removes a comment with its replies from every part and its markers and references from the text', async () => {
    const original = await openFixture(WORD);
    const [first, ...others] = documentComments(original.doc);
    const answered = apply(original.doc, (state) => replyToComment(state, first!.id, 'A reply', AUTHOR));
    const doc = apply(answered, (state) => removeComment(state, first!.id));
    const bytes = await exportDocx(original, doc);
    const reread = await readDocx(bytes);
    expect(reread.review.comments).toEqual(others);
    const main = (await partText(bytes, original.sources.partName))!;
    expect(main).not.toMatch(new RegExp(`w:id="${first!.id}"`));
    expect(all(main, /<w:commentReference w:id="(\d+)"\/>/g).sort()).toEqual(others.map((comment) => comment.id).sort());
    for (const part of ['/word/commentsExtended.xml', '/word/commentsIds.xml']) expect(await partText(bytes, part)).not.toContain(first!.paraId!);
  });

  it('creates commentsExtended.xml for a comment of a Google Docs file resolved, which has only comments.xml', async () => {
    const original = await openFixture(GOOGLE);
    const first = documentComments(original.doc)[0]!;
    expect(original.package.hasPart('/word/commentsExtended.xml')).toBe(false);
    const bytes = await exportDocx(original, apply(original.doc, (state) => setCommentDone(state, first.id, true)));
    expect(await partText(bytes, '/word/comments.xml')).toBe((await original.package.readXmlPart('/word/comments.xml')).text);
    const reread = (await readDocx(bytes)).review.comments;
    expect(reread[0]).toMatchObject({ id: first.id, paragraphs: first.paragraphs, done: true });
    expect(reread.slice(1).map((comment) => comment.done)).toEqual(documentComments(original.doc).slice(1).map(() => false));
  });

  it('exports a file whose comments were changed and changed back byte for byte', async () => {
    const original = await openFixture(WORD);
    const first = documentComments(original.doc)[0]!;
    const doc = apply(apply(original.doc, (state) => setCommentDone(state, first.id, true)), (state) => setCommentDone(state, first.id, false));
    expect(await exportDocx(original, doc)).toEqual(fixtureBytes(WORD));
  });

  it('keeps both ends of a comment range that Enter splits across two paragraphs', async () => {
    const original = await openFixture(WORD);
    const [id, anchor] = [...findCommentAnchors(original.doc)][0]!;
    const at = anchor.from + Math.floor(anchor.text.length / 2);
    const doc = runAt(original.doc, splitBlock, at);
    const reread = await readDocx(await exportDocx(original, doc));
    const split = anchor.text.slice(0, at - anchor.from) + '\n' + anchor.text.slice(at - anchor.from);
    expect(findCommentAnchors(reread.value).get(id)?.text).toBe(split);
  });

  it('keeps the range of a comment whose paragraph Backspace joins to the one before', async () => {
    const original = await openFixture(WORD);
    const anchors = findCommentAnchors(original.doc);
    const block = bodyTextblocks(original.doc).find((each) => each.node.textContent === 'Other text worthy of note.')!;
    const inside = [...anchors].filter(([, anchor]) => anchor.from > block.pos && anchor.to < block.pos + block.node.nodeSize);
    expect(inside.length).toBeGreaterThan(0);
    const doc = runAt(original.doc, joinBackward, block.pos + 1);
    const reread = findCommentAnchors((await readDocx(await exportDocx(original, doc))).value);
    for (const [id, anchor] of inside) expect(reread.get(id)?.text).toBe(anchor.text);
  });
});

describe('writeDocx and comments', () => {
  it('writes the comments of a document into a DOCX made anew (a conversion), with their threads, states and ranges', async () => {
    const read = await readDocx(fixtureBytes(WORD));
    const first = documentComments(read.value)[0]!;
    const answered = apply(apply(read.value, (state) => replyToComment(state, first.id, 'A reply', AUTHOR)), (state) => setCommentDone(state, first.id, true));
    const written = await readDocx(await writeDocx(answered));
    const plain = (comments: readonly { id: string; author: string; paragraphs: readonly string[]; parentId: string | null; done: boolean }[]) => comments.map(({ id, author, paragraphs, parentId, done }) => ({ id, author, paragraphs, parentId, done }));
    expect(plain(written.review.comments)).toEqual(plain(documentComments(answered)));
    const anchored = (doc: Node) => [...findCommentAnchors(doc)].map(([id, anchor]) => [id, anchor.text]);
    expect(anchored(written.value)).toEqual(anchored(answered));
  });
});

// Runs `command` with the caret at `pos`; the test fails when it does not apply.
function runAt(doc: Node, command: (state: EditorState, dispatch: (tr: EditorState['tr']) => void) => boolean, pos: number): Node {
  const state = EditorState.create({ doc, selection: TextSelection.create(doc, pos) });
  let result: Node | undefined;
  if (!command(state, (tr) => (result = tr.doc))) throw new Error('The command did not apply.');
  return result!;
}
