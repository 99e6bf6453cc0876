import { describe, expect, it } from 'vitest';
import { a, b, blockquote, code, codeBlock, color, doc, font, heading, i, p, u } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, characterStyle, paragraph, paragraphStyle, run, type TestDocx } from '../../../../../test/support/docx-package.js';
import { withoutDefaults } from './without-defaults.js';

async function read(spec: TestDocx) {
  return withoutDefaults((await readDocx(buildTestDocx(spec))).value);
}

const DEFAULTS = '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:sz w:val="20"/></w:rPr></w:rPrDefault></w:docDefaults>';
const NORMAL = paragraphStyle('Normal', '', { isDefault: true });

describe('readDocx style resolution', () => {
  it('applies document defaults, then the paragraph style, the character style and direct formatting, each over the last', async () => {
    const styles =
      DEFAULTS +
      NORMAL +
      paragraphStyle('Big', '<w:rPr><w:color w:val="FF0000"/><w:sz w:val="28"/></w:rPr>', { basedOn: 'Normal' }) +
      characterStyle('Blue', '<w:rPr><w:color w:val="0000FF"/></w:rPr>');
    const body = `<w:p><w:pPr><w:pStyle w:val="Big"/></w:pPr>${run('styled ')}${run('blue ', '<w:rStyle w:val="Blue"/>')}${run('large', '<w:rStyle w:val="Blue"/><w:sz w:val="36"/>')}</w:p>`;
    expect(await read({ styles, body })).toEqual(
      doc(
        p(
          { styleId: 'Big' },
          font({ size: 14 }, color('FF0000', 'styled ')),
          font({ size: 14 }, color('0000FF', 'blue ')),
          font({ size: 18 }, color('0000FF', 'large')),
        ),
      ).toJSON(),
    );
  });

  it('follows basedOn chains, the nearest style winning', async () => {
    const styles =
      NORMAL +
      paragraphStyle('A', '<w:rPr><w:b/><w:color w:val="111111"/></w:rPr>', { basedOn: 'Normal' }) +
      paragraphStyle('B', '<w:rPr><w:i/><w:color w:val="222222"/></w:rPr>', { basedOn: 'A' }) +
      paragraphStyle('C', '<w:rPr><w:color w:val="333333"/></w:rPr>', { basedOn: 'B' });
    expect(await read({ styles, body: paragraph('text', '<w:pStyle w:val="C"/>') })).toEqual(
      doc(p({ styleId: 'C' }, b(i(color('333333', 'text'))))).toJSON(),
    );
  });

  it('reads styles whose basedOn chain loops, stopping at the loop', async () => {
    const styles =
      paragraphStyle('A', '<w:rPr><w:b/></w:rPr>', { basedOn: 'B' }) + paragraphStyle('B', '<w:rPr><w:i/></w:rPr>', { basedOn: 'A' });
    expect(await read({ styles, body: paragraph('loop', '<w:pStyle w:val="A"/>') })).toEqual(doc(p({ styleId: 'A' }, b(i('loop')))).toJSON());
  });

  it('toggles bold and italic across the paragraph and character styles instead of overriding (ECMA-376 17.7.3)', async () => {
    const styles =
      NORMAL +
      paragraphStyle('Strong', '<w:rPr><w:b/><w:i/></w:rPr>', { basedOn: 'Normal' }) +
      characterStyle('Emphasis', '<w:rPr><w:b/></w:rPr>');
    const body =
      `<w:p><w:pPr><w:pStyle w:val="Strong"/></w:pPr>${run('both ')}${run('toggled ', '<w:rStyle w:val="Emphasis"/>')}` +
      `${run('direct', '<w:rStyle w:val="Emphasis"/><w:b/>')}</w:p>`;
    expect(await read({ styles, body })).toEqual(doc(p({ styleId: 'Strong' }, b(i('both ')), i('toggled '), b(i('direct')))).toJSON());
  });

  it('takes a toggle from the nearest style of a chain that sets it, before combining levels', async () => {
    const styles =
      NORMAL +
      paragraphStyle('Bold', '<w:rPr><w:b/></w:rPr>', { basedOn: 'Normal' }) +
      paragraphStyle('NotBold', '<w:rPr><w:b w:val="0"/></w:rPr>', { basedOn: 'Bold' }) +
      characterStyle('Emphasis', '<w:rPr><w:b/></w:rPr>');
    const body = `<w:p><w:pPr><w:pStyle w:val="NotBold"/></w:pPr>${run('plain ')}${run('bold', '<w:rStyle w:val="Emphasis"/>')}</w:p>`;
    expect(await read({ styles, body })).toEqual(doc(p({ styleId: 'NotBold' }, 'plain ', b('bold'))).toJSON());
  });

  it('keeps a toggle on in the document defaults on, whatever the styles say', async () => {
    const styles =
      '<w:docDefaults><w:rPrDefault><w:rPr><w:b/></w:rPr></w:rPrDefault></w:docDefaults>' +
      NORMAL +
      characterStyle('Emphasis', '<w:rPr><w:b/></w:rPr>');
    // Bold everywhere is the baseline, so neither run needs a mark; direct formatting still turns it off.
    const body = `<w:p>${run('styled ', '<w:rStyle w:val="Emphasis"/>')}${run('direct', '<w:b w:val="false"/>')}</w:p>`;
    expect(await read({ styles, body })).toEqual(doc(p('styled direct')).toJSON());
  });

  it('resolves theme fonts through the major and minor fonts of the theme', async () => {
    const styles = '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi"/></w:rPr></w:rPrDefault></w:docDefaults>' + NORMAL;
    const body = `<w:p>${run('body ')}${run('heading font', '<w:rFonts w:asciiTheme="majorHAnsi" w:hAnsiTheme="majorHAnsi"/>')}${run(' named', '<w:rFonts w:ascii="Courier New"/>')}</w:p>`;
    expect(await read({ styles, body, themeFonts: ['Cambria', 'Calibri'] })).toEqual(
      doc(p('body ', font({ family: 'Cambria' }, 'heading font'), font({ family: 'Courier New' }, ' named'))).toJSON(),
    );
  });

  it('recognises headings by outline level, built-in heading styles and localised heading names', async () => {
    const styles =
      NORMAL +
      paragraphStyle('Heading2', '', { name: 'heading 2', basedOn: 'Normal' }) +
      paragraphStyle('berschrift3', '', { name: 'Überschrift 3', basedOn: 'Normal' }) +
      paragraphStyle('ChapterTitle', '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>', { basedOn: 'Normal' }) +
      paragraphStyle('MyHeading', '', { basedOn: 'Heading2' }) +
      paragraphStyle('BodyText', '<w:pPr><w:outlineLvl w:val="9"/></w:pPr>', { basedOn: 'Normal' });
    const body =
      paragraph('two', '<w:pStyle w:val="Heading2"/>') +
      paragraph('three', '<w:pStyle w:val="berschrift3"/>') +
      paragraph('one', '<w:pStyle w:val="ChapterTitle"/>') +
      paragraph('inherited', '<w:pStyle w:val="MyHeading"/>') +
      paragraph('direct', '<w:outlineLvl w:val="3"/>') +
      paragraph('deep', '<w:outlineLvl w:val="7"/>') +
      paragraph('body', '<w:pStyle w:val="BodyText"/>');
    expect(await read({ styles, body })).toEqual(
      doc(
        heading(2, 'two'),
        heading(3, 'three'),
        heading(1, 'one'),
        heading(2, 'inherited'),
        heading(4, 'direct'),
        heading(6, 'deep'),
        p({ styleId: 'BodyText' }, 'body'),
      ).toJSON(),
    );
  });

  it("keeps a heading style's own look out of the marks but keeps direct formatting", async () => {
    const styles =
      NORMAL + paragraphStyle('Heading1', '<w:pPr><w:keepNext/><w:spacing w:before="240"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/><w:color w:val="2F5496"/></w:rPr>', { name: 'heading 1', basedOn: 'Normal' });
    const body = `<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:jc w:val="center"/></w:pPr>${run('Title ')}${run('slanted', '<w:i/>')}</w:p>`;
    expect(await read({ styles, body })).toEqual(doc(heading(1, { align: 'center' }, 'Title ', i('slanted'))).toJSON());
  });

  it('treats the style with id Normal as the default paragraph style when no style is marked default', async () => {
    const styles = paragraphStyle('Normal', '<w:pPr><w:jc w:val="both"/></w:pPr><w:rPr><w:sz w:val="24"/></w:rPr>') + paragraphStyle('Small', '<w:rPr><w:sz w:val="16"/></w:rPr>', { basedOn: 'Normal' });
    const body = paragraph('explicit', '<w:pStyle w:val="Normal"/>') + paragraph('implicit') + paragraph('small', '<w:pStyle w:val="Small"/>');
    expect(await read({ styles, body })).toEqual(doc(p('explicit'), p('implicit'), p({ styleId: 'Small' }, font({ size: 8 }, 'small'))).toJSON());
  });

  it("keeps a custom paragraph style's id and shows its look as attributes and marks", async () => {
    const styles = NORMAL + paragraphStyle('Title', '<w:pPr><w:jc w:val="center"/><w:spacing w:after="300"/></w:pPr><w:rPr><w:sz w:val="56"/></w:rPr>', { basedOn: 'Normal' });
    expect(await read({ styles, body: paragraph('Report', '<w:pStyle w:val="Title"/>') })).toEqual(
      doc(p({ styleId: 'Title', align: 'center', spacing: { after: 300 } }, font({ size: 28 }, 'Report'))).toJSON(),
    );
  });

  it("reads quote styles as one block quote keeping the quote style's id, and preformatted styles as code blocks, without their look as marks", async () => {
    const styles =
      NORMAL +
      paragraphStyle('Quote', '<w:pPr><w:ind w:left="720"/></w:pPr><w:rPr><w:i/></w:rPr>', { basedOn: 'Normal' }) +
      paragraphStyle('SourceCode', '<w:rPr><w:rFonts w:ascii="Consolas"/></w:rPr>', { name: 'Source Code', basedOn: 'Normal' });
    const body =
      paragraph('first', '<w:pStyle w:val="Quote"/>') +
      paragraph('second', '<w:pStyle w:val="Quote"/>') +
      `<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr>${run('let x;', '<w:b/>')}<w:r><w:br/><w:t>x++;</w:t></w:r></w:p>` +
      paragraph('after');
    expect(await read({ styles, body })).toEqual(doc(blockquote(p({ styleId: 'Quote' }, 'first'), p({ styleId: 'Quote' }, 'second')), codeBlock('let x;\nx++;'), p('after')).toJSON());
  });

  it('marks inline code from its character style, and links without the look of the hyperlink style', async () => {
    const styles =
      NORMAL +
      characterStyle('VerbatimChar', '<w:rPr><w:rFonts w:ascii="Consolas"/></w:rPr>', { name: 'Verbatim Char' }) +
      characterStyle('Hyperlink', '<w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr>');
    const body =
      `<w:p>${run('x = 1', '<w:rStyle w:val="VerbatimChar"/>')}<w:hyperlink r:id="rIdLink">${run('site', '<w:rStyle w:val="Hyperlink"/>')}</w:hyperlink>` +
      `${run(' styled', '<w:rStyle w:val="Hyperlink"/>')}</w:p>`;
    const relationships = [{ id: 'rIdLink', type: 'hyperlink', target: 'https://example.com/', external: true }];
    expect(await read({ styles, body, relationships })).toEqual(
      doc(p(code('x = 1'), a('https://example.com/', 'site'), u(color('0563C1', ' styled')))).toJSON(),
    );
  });

  it('leaves hidden text (w:vanish) out', async () => {
    expect(await read({ body: `<w:p>${run('shown')}${run(' hidden', '<w:vanish/>')}</w:p>` })).toEqual(doc(p('shown')).toJSON());
  });
});
