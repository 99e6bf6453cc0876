// The PDF's markup: tracked changes printed as if accepted (the default), as if rejected, or both
// with the comments in a margin beside each page, as Word prints all markup.
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import type { ReviewMarkup } from '../../../../quire/src/model/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { readFixture } from '../../../../../test/support/fixture-files.js';
import { pageSizes, pdfText, placedWords, squash } from '../../../../../test/support/pdf-tools.js';

const printed = async (name: string, markup?: ReviewMarkup) => {
  const { value, review } = await readDocx(readFixture(name));
  return writePdf(value, { now: () => new Date(0), comments: review.comments, ...(markup ? { markup } : {}) });
};

describe('writePdf with markup', () => {
  it('prints deleted text only with markup all or original, and inserted text only with none or all', async () => {
    const text = async (markup?: ReviewMarkup) => squash(pdfText(await printed('superdoc-msword-tracked-changes.docx', markup)));
    const none = await text('none');
    expect(await text()).toBe(none);
    expect(none).toContain('MS Word cool sentence');
    expect(none).not.toContain('Delete me');
    const original = await text('original');
    expect(original).toContain('MS Word basic sentence');
    expect(original).toContain('Delete me');
    expect(original).not.toContain('New text');
    const all = await text('all');
    expect(all).toContain('basic cool');
    expect(all).toContain('Delete me');
    expect(all).toContain('New text');
  });

  it('prints each comment with its author and date in a margin right of the text with markup all, on the same paper', async () => {
    const { review } = await readDocx(readFixture('python-docx-comments-rich-para.docx'));
    const none = await printed('python-docx-comments-rich-para.docx', 'none');
    const all = await printed('python-docx-comments-rich-para.docx', 'all');
    expect(pageSizes(all)).toEqual(pageSizes(none));
    const words = placedWords(all, 1);
    const textRight = Math.max(...placedWords(none, 1).map((word) => word.xMax));
    const margin = words.filter((word) => word.xMin > textRight);
    const marginText = squash(margin.map((word) => word.text).join(' '));
    for (const comment of review.comments) {
      for (const paragraph of comment.paragraphs) for (const word of paragraph.split(/\s+/).filter((each) => /^\w+$/.test(each))) expect(marginText).toContain(word);
      expect(marginText).toContain(comment.date!.slice(0, 10));
    }
    expect(marginText).toContain('Steve Canny');
    const noneText = squash(pdfText(none));
    expect(noneText).not.toContain('Steve Canny');
    expect(noneText).not.toContain(review.comments[0]!.paragraphs[0]!);
  });

  it('stands each comment beside the line its range starts on', async () => {
    const all = await printed('superdoc-gdocs-comments-export.docx', 'all');
    const { review, value } = await readDocx(readFixture('superdoc-gdocs-comments-export.docx'));
    const words = placedWords(all, 1);
    const ranges: string[] = [];
    value.descendants((node) => {
      if (node.isText && node.marks.some((mark) => mark.type.name === 'comment')) ranges.push(node.text!.trim().split(/\s+/)[0]!);
      return true;
    });
    expect(ranges.length).toBeGreaterThan(0);
    const first = words.find((word) => word.text === ranges[0]);
    const author = words.find((word) => word.text === review.comments[0]!.author.split(' ')[0] && word.xMin > (first?.xMax ?? 0));
    expect(first).toBeDefined();
    expect(author).toBeDefined();
    // The balloon starts at the range's line, pushed down at most by the balloons above it.
    expect(author!.yMin).toBeGreaterThanOrEqual(first!.yMin - 2);
  });
});
