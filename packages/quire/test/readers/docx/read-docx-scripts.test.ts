import { describe, expect, it } from 'vitest';
import { b, doc, font, i, p } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraph, paragraphStyle, run, type TestDocx } from '../../../../../test/support/docx-package.js';
import { withoutDefaults } from './without-defaults.js';

async function read(spec: TestDocx) {
  return withoutDefaults((await readDocx(buildTestDocx(spec))).value);
}

// Latin text in Calibri 11 pt, complex-script text in Arial 14 pt, East Asian text in MS Mincho.
const DEFAULTS =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="MS Mincho" w:cs="Arial"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="28"/></w:rPr></w:rPrDefault></w:docDefaults>' +
  paragraphStyle('Normal', '', { isDefault: true });

describe('readDocx complex-script and East Asian runs (ECMA-376 Part 1, 17.3.2.26)', () => {
  it('sets the Arabic and Hebrew letters of a run in the w:cs font at w:szCs, and its Latin letters and spaces in the Latin font', async () => {
    const body = `<w:p>${run('Word مرحبا بكم and שלום')}</w:p>`;
    expect(await read({ styles: DEFAULTS, body })).toEqual(
      doc(p('Word ', font({ family: 'Arial', size: 14 }, 'مرحبا'), ' ', font({ family: 'Arial', size: 14 }, 'بكم'), ' and ', font({ family: 'Arial', size: 14 }, 'שלום'))).toJSON(),
    );
  });

  it('makes complex-script text bold and italic by w:bCs and w:iCs, not by w:b and w:i', async () => {
    const body = `<w:p>${run('bold عربي', '<w:b/>')}${run(' italic עברית', '<w:iCs/>')}</w:p>`;
    expect(await read({ styles: DEFAULTS, body })).toEqual(
      doc(p(b('bold '), font({ family: 'Arial', size: 14 }, 'عربي'), ' italic ', i(font({ family: 'Arial', size: 14 }, 'עברית')))).toJSON(),
    );
  });

  it('sets all the text of a right-to-left run (w:rtl), its spaces and digits too, with the complex-script formatting', async () => {
    const body = `<w:p>${run('عام 2024 سعيد', '<w:rtl/><w:bCs/>')}</w:p>`;
    expect(await read({ styles: DEFAULTS, body })).toEqual(doc(p(b(font({ family: 'Arial', size: 14 }, 'عام 2024 سعيد')))).toJSON());
  });

  it('sets Japanese text in the w:eastAsia font at the Latin size, and curly quotes too where w:hint asks for the East Asian font', async () => {
    const body = `<w:p>${run('Tokyo 東京です “引用”')}${run(' “引用”', '<w:rFonts w:hint="eastAsia"/>')}</w:p>`;
    expect(await read({ styles: DEFAULTS, body })).toEqual(
      doc(
        p('Tokyo ', font({ family: 'MS Mincho' }, '東京です'), ' “', font({ family: 'MS Mincho' }, '引用'), '” ', font({ family: 'MS Mincho' }, '“引用”')),
      ).toJSON(),
    );
  });

  it('inherits each w:rFonts slot on its own, so that a run naming only its Latin font keeps the complex-script font of its style', async () => {
    const body = `<w:p>${run('Times שלום', '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:szCs w:val="32"/>')}</w:p>`;
    expect(await read({ styles: DEFAULTS, body })).toEqual(
      doc(p(font({ family: 'Times New Roman' }, 'Times '), font({ family: 'Arial', size: 16 }, 'שלום'))).toJSON(),
    );
  });

  it('sets complex-script text whose theme font names no typeface (a:cs empty, as in Word’s themes) in the theme’s typeface for its script', async () => {
    const theme =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office"><a:themeElements>' +
      '<a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>' +
      '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/><a:font script="Arab" typeface="Arial"/><a:font script="Hebr" typeface="Times New Roman"/></a:minorFont>' +
      '</a:fontScheme></a:themeElements></a:theme>';
    const styles =
      '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi"/>' +
      '<w:sz w:val="22"/><w:szCs w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>' +
      paragraphStyle('Normal', '', { isDefault: true });
    const spec: TestDocx = {
      styles,
      body: `<w:p>${run('Calibri مرحبا שלום')}</w:p>`,
      raw: { 'word/theme/theme1.xml': theme },
      relationships: [{ id: 'rIdtheme', type: 'theme', target: 'theme/theme1.xml' }],
    };
    expect(await read(spec)).toEqual(doc(p('Calibri ', font({ family: 'Arial' }, 'مرحبا'), ' ', font({ family: 'Times New Roman' }, 'שלום'))).toJSON());
  });

  it('keeps a run whose complex-script formatting is its Latin one whole, diacritics and joiners with their letters', async () => {
    const styles = '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/><w:szCs w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>';
    expect(await read({ styles, body: paragraph('Word مُرحبا\u200Cبكم') })).toEqual(doc(p('Word مُرحبا\u200Cبكم')).toJSON());
  });
});
