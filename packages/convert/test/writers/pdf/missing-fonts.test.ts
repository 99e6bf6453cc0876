import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { FontCatalog } from '../../../src/writers/pdf/font-catalog.js';
import type { FamilyId } from 'quire/layout';
import { locateFamilyPackage } from '../../../src/writers/pdf/node-font-source.js';
import { writePdf, type PdfWarning } from '../../../src/writers/pdf/index.js';
import { pdfText } from '../../../../../test/support/pdf-tools.js';
import { commented as commentedText, del, doc, p } from '../../../../quire/src/model/builders.js';
import type { ReviewComment } from '../../../../quire/src/model/index.js';

/** A catalog over the installed fonts that pretends `missing` are not installed. */
const catalogWithout = (missing: readonly FamilyId[]) =>
  new FontCatalog(undefined, (family) => (missing.includes(family) ? null : locateFamilyPackage(family)));

describe('writePdf without optional fonts', () => {
  it('finds every family through @quire/fonts in this install, the optional ones included', () => {
    for (const family of ['carlito', 'caladea', 'arimo', 'tinos', 'cousine', 'gelasio', 'noto-sans-arabic'] as const) {
      expect(locateFamilyPackage(family), family).toMatch(new RegExp(`@fontsource/${family}$`));
    }
    // Noto Sans SC comes whole, one file per face, not in Fontsource's unicode-range files (docs/fonts.md).
    expect(locateFamilyPackage('noto-sans-sc')).toMatch(/@expo-google-fonts\/noto-sans-sc$/);
  });

  it('writes a document with Chinese text when Noto Sans SC is missing, keeps the Latin text and warns what to install', async () => {
    const warnings: PdfWarning[] = [];
    const pdf = await writePdf(readMarkdown('Quarterly report 季度报告').value, { fonts: catalogWithout(['noto-sans-sc']), onWarning: (w) => warnings.push(w) });
    expect(pdfText(pdf)).toContain('Quarterly report');
    expect(warnings).toEqual([
      { code: 'PDF_FONT_MISSING', message: 'Chinese and Japanese text is drawn as empty boxes: its font is not installed (npm install @expo-google-fonts/noto-sans-sc).' },
    ]);
  });

  it('warns about the font of text that only markup all or original prints: deleted text and comments', async () => {
    const change = { id: '1', author: 'Ann', date: null, move: null };
    const deleted = doc(p('Kept ', del(change, '季度报告')));
    const warned = async (markup: 'none' | 'all' | 'original', model = deleted, comments: ReviewComment[] = []) => {
      const warnings: PdfWarning[] = [];
      await writePdf(model, { fonts: catalogWithout(['noto-sans-sc']), markup, comments, onWarning: (w) => warnings.push(w) });
      return warnings.map((warning) => warning.code);
    };
    expect(await warned('none')).toEqual([]);
    expect(await warned('original')).toEqual(['PDF_FONT_MISSING']);
    expect(await warned('all')).toEqual(['PDF_FONT_MISSING']);
    const comment: ReviewComment = { id: '0', author: 'Ann', initials: null, date: null, paragraphs: ['季度报告'], paraId: null, parentId: null, done: false, durableId: null };
    const commented = doc(p(commentedText({ id: '0' }, 'Latin only')));
    expect(await warned('none', commented, [comment])).toEqual([]);
    expect(await warned('all', commented, [comment])).toEqual(['PDF_FONT_MISSING']);
  });

  it('says nothing about a missing optional font that the document does not need', async () => {
    const warnings: PdfWarning[] = [];
    await writePdf(readMarkdown('Only Latin text here.').value, {
      fonts: catalogWithout(['noto-sans-sc', 'noto-sans-arabic']),
      onWarning: (w) => warnings.push(w),
    });
    expect(warnings).toEqual([]);
  });

  it('refuses to write PDF without @quire/fonts, naming the package to install', async () => {
    const none = new FontCatalog(undefined, () => null);
    await expect(writePdf(readMarkdown('Text').value, { fonts: none })).rejects.toThrow('npm install @quire/fonts');
  });
});
