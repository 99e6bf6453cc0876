import { beforeAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { extractText } from '../../../src/model/extract-text.js';
import { openDocx } from './patch-fixtures.js';
import { REVIEWED, summarizeReview, typeIntoReviewedParagraphs, type ReviewSummary } from './review-fixtures.js';

// LibreOffice is the independent reader: each export, its reviewed paragraphs typed into, is
// opened by soffice and written again as DOCX (its redlines and annotations become w:ins, w:del
// and comment ranges of its own making) and as PDF.
const typed = new Map<string, { summary: ReviewSummary; text: string }>();
const exported = new Map<string, Uint8Array>();
for (const name of REVIEWED) {
  const { doc, bytes } = await typeIntoReviewedParagraphs(name);
  typed.set(name, { summary: summarizeReview(doc), text: extractText(doc) });
  exported.set(name, bytes);
}

// What LibreOffice keeps of a change: its kind, author and text (it writes dates of its own precision).
const changesOf = (summary: ReviewSummary) => summary.changes.map(({ kind, author, text }) => ({ kind, author, text }));

describe('LibreOffice and the review marks of patchDocx exports', () => {
  const reopened = new Map<string, ReviewSummary>();
  const pdfTexts = new Map<string, string>();

  beforeAll(async () => {
    const [docx, pdf] = [await convertWithLibreOffice(exported, 'docx'), await convertWithLibreOffice(exported, 'pdf')];
    for (const [name, bytes] of docx) reopened.set(name, summarizeReview((await openDocx(bytes)).doc));
    for (const [name, bytes] of pdf) pdfTexts.set(name, await pdfToText(bytes));
  }, 600_000);

  it.each(REVIEWED)('finds in the export of %s the tracked changes the editor holds', (name) => {
    const expected = changesOf(typed.get(name)!.summary);
    expect(changesOf(reopened.get(name)!)).toEqual(expected);
  });

  it.each(REVIEWED)('finds in the export of %s the comment ranges the editor holds', (name) => {
    expect(Object.values(reopened.get(name)!.comments).sort()).toEqual(Object.values(typed.get(name)!.summary.comments).sort());
  });

  it.each(REVIEWED)('opens the export of %s and shows its typed text', (name) => {
    expect(pdfTexts.get(name)!.replace(/\s+/g, '')).toContain('Q');
  });
});
