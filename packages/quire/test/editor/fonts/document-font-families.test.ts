import { describe, expect, it } from 'vitest';
import { Fragment, Slice } from 'prosemirror-model';
import { AddMarkStep, ReplaceStep, Transform } from 'prosemirror-transform';
import { documentFontFamilies, insertedFontFamilies, paragraphStyleFamilies } from '../../../src/editor/fonts/document-font-families.js';
import { schema } from '../../../src/model/schema.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import type { ParagraphStyleInfo } from '../../../src/readers/docx/read-paragraph-styles.js';
import { readFixture } from '../../../../../test/support/fixture-files.js';

const paragraph = (text: string, attrs: Record<string, unknown> = {}, marks = [] as ReturnType<typeof schema.mark>[]) =>
  schema.node('paragraph', attrs, text === '' ? [] : [schema.text(text, marks)]);
const docOf = (...blocks: ReturnType<typeof schema.node>[]) => schema.node('doc', null, [schema.node('section', null, blocks)]);
const font = (family: string) => schema.mark('font', { family });

const quoteStyle: ParagraphStyleInfo = {
  id: 'Quote',
  name: 'Quote',
  isDefault: false,
  headingLevel: null,
  look: { fontFamily: 'Georgia', fontSize: 12, bold: false, italic: true, color: null, spacing: null },
  align: null,
  indent: null,
};
const unusedStyle: ParagraphStyleInfo = { ...quoteStyle, id: 'Unused', name: 'Unused', look: { ...quoteStyle.look, fontFamily: 'Consolas' } };

describe('documentFontFamilies', () => {
  it('returns the fonts of a Word file: its body text, its headings and its font marks', async () => {
    const read = await readDocx(readFixture('python-docx-txt-font-props.docx'));
    const styles = paragraphStyleFamilies(read.value, read.paragraphStyles);
    expect([...documentFontFamilies(read.value, styles)].sort()).toEqual(['Arial', 'Avenir Black', 'Cambria']);
  });

  it('returns the body and heading fonts the document defaults give', async () => {
    const read = await readDocx(readFixture('pandoc-headers.docx'));
    const styles = paragraphStyleFamilies(read.value, read.paragraphStyles);
    expect([...documentFontFamilies(read.value, styles)].sort()).toEqual(['Calibri', 'Cambria']);
  });

  it("returns Calibri, Word's default, for a document without defaults", () => {
    expect([...documentFontFamilies(docOf(paragraph('text')), { paragraphStyles: new Map(), headings: [] })]).toEqual(['Calibri']);
  });

  it("adds the font of each heading level the document has, and not of the levels it leaves out (Word's Calibri Light)", async () => {
    const read = await readDocx(readFixture('python-docx-txt-font-props.docx'));
    const styles = paragraphStyleFamilies(read.value, read.paragraphStyles);
    expect(styles.headings).toContain('Calibri Light');
    expect([...documentFontFamilies(read.value, styles)]).not.toContain('Calibri Light');
    const markdown = docOf(schema.node('heading', { level: 2 }, [schema.text('Title')]), paragraph('text'));
    expect([...documentFontFamilies(markdown, paragraphStyleFamilies(markdown, []))].sort()).toEqual(['Calibri', 'Calibri Light']);
  });

  it('adds the fonts of the paragraph styles that paragraphs use, and of code', () => {
    const doc = docOf(paragraph('quoted', { styleId: 'Quote' }), paragraph('code', {}, [schema.mark('code')]));
    const styles = paragraphStyleFamilies(doc, [quoteStyle, unusedStyle]);
    expect([...documentFontFamilies(doc, styles)].sort()).toEqual(['Calibri', 'Courier New', 'Georgia']);
  });
});

describe('insertedFontFamilies', () => {
  const doc = docOf(paragraph('plain text'));
  const styles = paragraphStyleFamilies(doc, [quoteStyle]);

  it('returns nothing for typed text without a font', () => {
    const typing = new ReplaceStep(3, 3, new Slice(Fragment.from(schema.text('x')), 0, 0));
    expect(insertedFontFamilies([typing], styles).size).toBe(0);
  });

  it('returns the fonts of pasted text and of added font marks', () => {
    const pasted = new ReplaceStep(3, 3, new Slice(Fragment.from(schema.text('pasted', [font('Times New Roman')])), 0, 0));
    const marked = new AddMarkStep(3, 6, font('Cambria'));
    expect([...insertedFontFamilies([pasted, marked], styles)].sort()).toEqual(['Cambria', 'Times New Roman']);
  });

  it('returns the font of a heading level a paragraph is turned into', () => {
    const heading = new Transform(doc).setBlockType(1, 2, schema.nodes['heading']!, { level: 3 });
    expect([...insertedFontFamilies(heading.steps, styles)]).toEqual(['Calibri Light']);
  });

  it('returns the font of a paragraph style given to a paragraph', () => {
    const restyle = new Transform(doc).setNodeMarkup(1, undefined, { ...doc.firstChild!.firstChild!.attrs, styleId: 'Quote' });
    expect([...insertedFontFamilies(restyle.steps, styles)]).toEqual(['Georgia']);
  });
});
