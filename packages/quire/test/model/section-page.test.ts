import { describe, expect, it } from 'vitest';
import { doc, p, section } from '../../src/model/builders.js';
import { DEFAULT_MARGINS, PAPER_SIZES, readSectionPage } from '../../src/model/index.js';
import type { PageMargins } from '../../src/model/index.js';

const MARGINS: PageMargins = { top: 720, right: 900, bottom: 1080, left: 1260, header: 360, footer: 540, gutter: 180 };

/** The first section of a document built with `attrs`. */
const sectionWith = (attrs: Record<string, unknown>) => doc(section(attrs, p('text'))).child(0);

describe('readSectionPage', () => {
  it("gives a section without page size or margins the paper's portrait page and Word's default margins", () => {
    const bare = sectionWith({});
    expect(readSectionPage(bare, 'A4')).toEqual({ pageSize: PAPER_SIZES.A4, orientation: 'portrait', margins: DEFAULT_MARGINS });
    expect(readSectionPage(bare, 'Letter').pageSize).toEqual(PAPER_SIZES.Letter);
  });

  it('gives no section at all the same page as a section without page size or margins', () => {
    expect(readSectionPage(null, 'Letter')).toEqual(readSectionPage(sectionWith({}), 'Letter'));
    expect(readSectionPage(undefined, 'A4')).toEqual(readSectionPage(sectionWith({}), 'A4'));
  });

  it('keeps the page size and margins a section gives, whatever the paper', () => {
    const page = readSectionPage(sectionWith({ pageSize: { width: 10000, height: 14000 }, margins: MARGINS }), 'Letter');
    expect(page.pageSize).toEqual({ width: 10000, height: 14000 });
    expect(page.margins).toEqual(MARGINS);
  });

  it('makes a landscape section wide when its w:pgSz gives the portrait order', () => {
    const page = readSectionPage(sectionWith({ pageSize: { width: 12240, height: 15840 }, orientation: 'landscape' }), 'A4');
    expect(page.orientation).toBe('landscape');
    expect(page.pageSize).toEqual({ width: 15840, height: 12240 });
  });

  it('turns the paper of a landscape section without page size on its side', () => {
    const page = readSectionPage(sectionWith({ orientation: 'landscape' }), 'A4');
    expect(page.pageSize).toEqual({ width: PAPER_SIZES.A4.height, height: PAPER_SIZES.A4.width });
  });

  it('makes a portrait section tall when its page size gives the landscape order', () => {
    const page = readSectionPage(sectionWith({ pageSize: { width: 15840, height: 12240 }, orientation: 'portrait' }), 'A4');
    expect(page.pageSize).toEqual({ width: 12240, height: 15840 });
  });

  it("reads a page size that is not two positive numbers as missing, so that the paper's is used", () => {
    for (const pageSize of [{ width: 0, height: 15840 }, { width: 12240, height: -1 }, { width: Number.NaN, height: 15840 }, { width: '12240', height: 15840 }, 'A4']) {
      expect(readSectionPage(sectionWith({ pageSize }), 'Letter').pageSize).toEqual(PAPER_SIZES.Letter);
    }
  });

  it('fills each margin that is missing or not a number with the default, keeping the others', () => {
    const page = readSectionPage(sectionWith({ margins: { top: 500, left: Number.POSITIVE_INFINITY, gutter: 'wide' } }), 'A4');
    expect(page.margins).toEqual({ ...DEFAULT_MARGINS, top: 500 });
  });

  it('keeps a negative top or bottom margin, which lets the text ignore the header or footer', () => {
    const page = readSectionPage(sectionWith({ margins: { ...MARGINS, top: -720 } }), 'A4');
    expect(page.margins.top).toBe(-720);
  });
});
