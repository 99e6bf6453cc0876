// An export after edits made in suggest mode, read again by Quire and by LibreOffice (the
// independent reader, which writes the file again as DOCX with the redlines it found).
import type { Node } from 'prosemirror-model';
import { joinBackward } from 'prosemirror-commands';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { splitParagraphKeepingLook } from '../../../src/editor/commands/split-paragraph.js';
import { suggestTransaction, type SuggestContext } from '../../../src/editor/review/suggest-transaction.js';
import type { StructureChange } from '../../../src/model/marks/review-marks.js';
import { bodyTextblocks, exportDocx, openDocx, openFixture } from '../../writers/docx/patch-fixtures.js';
import { summarizeReview } from '../../writers/docx/review-fixtures.js';
import { decidedTexts } from './suggest-views.js';

const FIXTURE = 'docxjs-text.docx';
const AUTHOR = 'Ann Reviewer';
const DATE = '2026-11-27T10:11:12Z';

let made = 0;
const context: SuggestContext = { author: AUTHOR, now: () => new Date('2026-11-27T10:11:12.678Z'), newId: () => `quire-${++made}` };

function suggest(state: EditorState, select: (doc: Node) => [number, number], command: Command): EditorState {
  const [anchor, head] = select(state.doc);
  const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, anchor, head)));
  let next = selected;
  command(selected, (tr) => (next = selected.apply(suggestTransaction(tr, selected, context)!)));
  expect(next).not.toBe(selected);
  return next;
}

// The n-th body paragraph with at least `length` characters of text, as a position `offset` characters into it.
const into = (doc: Node, nth: number, offset: number) => {
  const found = bodyTextblocks(doc).filter(({ node }) => node.textContent.length >= 8)[nth]!;
  return found.pos + 1 + offset;
};
const type = (text: string): Command => (state, dispatch) => (dispatch?.(state.tr.insertText(text)), true);
const deleteSelection: Command = (state, dispatch) => (dispatch?.(state.tr.deleteSelection()), true);

const original = await openFixture(FIXTURE);
let state = EditorState.create({ doc: original.doc });
state = suggest(state, (doc) => [into(doc, 0, 2), into(doc, 0, 2)], type('QQ '));
state = suggest(state, (doc) => [into(doc, 1, 1), into(doc, 1, 5)], deleteSelection);
state = suggest(state, (doc) => [into(doc, 2, 3), into(doc, 2, 3)], splitParagraphKeepingLook);
state = suggest(state, (doc) => [into(doc, 4, 0), into(doc, 4, 0)], joinBackward);
const suggested = state.doc;
const exported = await exportDocx(original, suggested);

const markChanges = (doc: Node) => {
  const found: StructureChange[] = [];
  doc.descendants((node) => (node.isTextblock ? void (node.attrs['markChange'] && found.push(node.attrs['markChange'] as StructureChange)) : true));
  return found;
};
const kindsAndAuthors = (doc: Node) => ({
  text: summarizeReview(doc).changes.map(({ kind, author, text }) => ({ kind, author, text })),
  marks: markChanges(doc).map(({ kind, author }) => ({ kind, author })),
});

describe('an export after edits in suggest mode', () => {
  const byLibreOffice = { doc: null as Node | null };

  beforeAll(async () => {
    const bytes = (await convertWithLibreOffice(new Map([[FIXTURE, exported]]), 'docx')).get(FIXTURE);
    byLibreOffice.doc = (await openDocx(bytes!)).doc;
  }, 600_000);

  it('made every kind of change the edits were', () => {
    expect(kindsAndAuthors(suggested)).toEqual({
      text: [
        { kind: 'insertion', author: AUTHOR, text: 'QQ ' },
        { kind: 'deletion', author: AUTHOR, text: expect.any(String) },
      ],
      marks: [
        { kind: 'insertion', author: AUTHOR },
        { kind: 'deletion', author: AUTHOR },
      ],
    });
  });

  it('reads again with the same changes, their author and their date', async () => {
    const reread = (await openDocx(exported)).doc;
    expect(summarizeReview(reread).changes).toEqual(summarizeReview(suggested).changes);
    expect(summarizeReview(reread).changes.map((change) => change.date)).toEqual([DATE, DATE]);
    expect(markChanges(reread).map(({ kind, author, date }) => ({ kind, author, date }))).toEqual(markChanges(suggested).map(({ kind, author, date }) => ({ kind, author, date })));
    expect(decidedTexts(reread, 'accepted')).toEqual(decidedTexts(suggested, 'accepted'));
    expect(decidedTexts(reread, 'rejected')).toEqual(decidedTexts(original.doc, 'rejected'));
  });

  it('opens in LibreOffice, which finds the same changes by the same author', () => {
    expect(kindsAndAuthors(byLibreOffice.doc!)).toEqual(kindsAndAuthors(suggested));
  });
});
