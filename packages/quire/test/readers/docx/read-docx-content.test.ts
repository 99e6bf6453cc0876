import { describe, expect, it } from 'vitest';
import { a, br, doc, field as fieldNode, font, footer, footnote, footnoteRef, header, opaqueInline, p, pageBreak, section, textBox } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildDocx } from '../../../../../test/support/docx-builder.js';
import { buildTestDocx, paragraph, run, type TestDocx } from '../../../../../test/support/docx-package.js';

async function read(spec: TestDocx) {
  return readDocx(buildTestDocx(spec));
}

async function json(spec: TestDocx) {
  return (await read(spec)).value.toJSON();
}

const begin = '<w:r><w:fldChar w:fldCharType="begin"/></w:r>';
const code = (text: string) => `<w:r><w:instrText xml:space="preserve">${text}</w:instrText></w:r>`;
const separate = '<w:r><w:fldChar w:fldCharType="separate"/></w:r>';
const end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
const field = (instruction: string, result: string) => `${begin}${code(instruction)}${separate}${result}${end}`;

describe('readDocx fields', () => {
  it('shows the cached result of simple and complex fields, never their code, and keeps PAGE and NUMPAGES as field nodes', async () => {
    const body =
      `<w:p>${run('Page ')}<w:fldSimple w:instr=" PAGE ">${run('7')}</w:fldSimple>${run(' of ')}${field(' NUMPAGES ', run('9'))}</w:p>` +
      `<w:p>${run('before')}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DATE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>${run(' after')}</w:p>`;
    expect(await json({ body })).toEqual(doc(p('Page ', fieldNode('PAGE', '7', { code: 'PAGE' }), ' of ', fieldNode('NUMPAGES', '9', { code: 'NUMPAGES' })), p('before after')).toJSON());
  });

  it('keeps SECTIONPAGES and PAGEREF as field nodes with their code, the bookmark and the number format of their switches', async () => {
    const body =
      `<w:p>${field(' SECTIONPAGES \\* ROMAN ', run('IV'))}${run(' ')}${field(' PAGEREF _Toc12 \\h ', run('3'))}${run(' ')}` +
      `<w:fldSimple w:instr=" PAGEREF &quot;Intro&quot; \\* roman \\* MERGEFORMAT ">${run('ii')}</w:fldSimple></w:p>`;
    expect(await json({ body })).toEqual(
      doc(
        p(
          fieldNode('SECTIONPAGES', 'IV', { code: 'SECTIONPAGES \\* ROMAN', format: 'upperRoman' }),
          ' ',
          fieldNode('PAGEREF', '3', { code: 'PAGEREF _Toc12 \\h', bookmark: '_Toc12' }),
          ' ',
          fieldNode('PAGEREF', 'ii', { code: 'PAGEREF "Intro" \\* roman \\* MERGEFORMAT', bookmark: 'Intro', format: 'lowerRoman' }),
        ),
      ).toJSON(),
    );
  });

  it('shows the cached result of a PAGEREF that says above or below (\\p) or names no bookmark, as text', async () => {
    const body = `<w:p>${field(' PAGEREF _Ref1 \\p ', run('above'))}${run(' ')}${field(' PAGEREF \\h ', run('5'))}</w:p>`;
    expect(await json({ body })).toEqual(doc(p('above 5')).toJSON());
  });

  it('links the result of HYPERLINK fields, and shows nothing of a field nested in the code of another', async () => {
    const body =
      `<w:p>${field(' HYPERLINK "https://example.com/a" \\o "tip" ', run('site'))}</w:p>` +
      `<w:p>${field(' HYPERLINK \\l "intro" ', run('see intro'))}</w:p>` +
      `<w:p>${begin}${code(' IF ')}${begin}${code(' PAGE ')}${separate}${run('hidden')}${end}${code(' = 1 "x" ')}${separate}${run('shown')}${end}</w:p>`;
    expect(await json({ body })).toEqual(doc(p(a('https://example.com/a', 'site')), p(a('#intro', 'see intro')), p('shown')).toJSON());
  });

  it('links a HYPERLINK field to the result of a field nested in its code, and shows neither code', async () => {
    const address = `${begin}${code(' REF address ')}${separate}${run('https://example.com/b')}${end}`;
    const body =
      `<w:p>${begin}${code(' HYPERLINK "')}${address}${code('" ')}${separate}${run('label')}${end}</w:p>` +
      `<w:p><w:r><w:fldChar w:fldCharType="begin"/><w:instrText> HYPERLINK "https://example.com/c" </w:instrText><w:fldChar w:fldCharType="separate"/><w:t>one run</w:t><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
    expect(await json({ body })).toEqual(doc(p(a('https://example.com/b', 'label')), p(a('https://example.com/c', 'one run'))).toJSON());
  });

  it('follows a field whose result spans paragraphs, as a table of contents does', async () => {
    const body =
      `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o "1-3" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('Chapter one')}</w:p>` +
      `<w:p>${run('Chapter two')}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>${paragraph('Body')}`;
    expect(await json({ body })).toEqual(doc(p('Chapter one'), p('Chapter two'), p('Body')).toJSON());
  });

  it('reads the page numbers of a table of contents, PAGEREF fields inside its linked entries, as linked field nodes', async () => {
    const entry = (bookmark: string, title: string, page: string) =>
      `<w:hyperlink w:anchor="${bookmark}">${run(title)}<w:r><w:tab/></w:r>${field(` PAGEREF ${bookmark} \\h `, run(page))}</w:hyperlink>`;
    const body =
      `<w:p>${begin}${code(' TOC \\o "1-3" \\h ')}${separate}${entry('_Toc1', 'One', '1')}</w:p>` +
      `<w:p>${entry('_Toc2', 'Two', '4')}${end}</w:p>`;
    const pageRef = (bookmark: string, page: string) => fieldNode('PAGEREF', page, { code: `PAGEREF ${bookmark} \\h`, bookmark });
    expect(await json({ body })).toEqual(doc(p(a('#_Toc1', 'One\t', pageRef('_Toc1', '1'))), p(a('#_Toc2', 'Two\t', pageRef('_Toc2', '4')))).toJSON());
  });
});

describe('readDocx wrappers', () => {
  it('reads a drop cap as the start of the paragraph it drops into, so that its word stays whole', async () => {
    const dropCap = '<w:framePr w:dropCap="drop" w:lines="3" w:wrap="around" w:vAnchor="text" w:hAnchor="text"/>';
    const body = paragraph('T', dropCap) + paragraph('he quick fox') + paragraph('L', '<w:framePr w:dropCap="margin" w:lines="2"/>') + paragraph('ast one');
    expect(await json({ body })).toEqual(doc(p('The quick fox'), p('Last one')).toJSON());
  });

  it('reads the content of block, inline and nested content controls', async () => {
    const body =
      `<w:sdt><w:sdtPr><w:alias w:val="Block"/></w:sdtPr><w:sdtContent>${paragraph('block control')}</w:sdtContent></w:sdt>` +
      `<w:p>${run('inline ')}<w:sdt><w:sdtPr/><w:sdtContent><w:sdt><w:sdtContent>${run('nested')}</w:sdtContent></w:sdt></w:sdtContent></w:sdt></w:p>`;
    expect(await json({ body })).toEqual(doc(p('block control'), p('inline nested')).toJSON());
  });

  it('takes the first Choice of alternate content whose requirements are understood, else the Fallback', async () => {
    const alternate = (requires: string, declaration = '') =>
      `<mc:AlternateContent${declaration}><mc:Choice Requires="${requires}">${run('choice')}</mc:Choice><mc:Fallback>${run('fallback')}</mc:Fallback></mc:AlternateContent>`;
    const body =
      `<w:p>${alternate('w14')}</w:p>` +
      `<w:p>${alternate('x9', ' xmlns:x9="urn:example:unknown"')}</w:p>` +
      `<w:p>${alternate('undeclared')}</w:p>` +
      `<w:p><mc:AlternateContent><mc:Choice Requires="x9" xmlns:x9="urn:example:unknown">${run('nothing')}</mc:Choice></mc:AlternateContent>${run('rest')}</w:p>` +
      `<mc:AlternateContent><mc:Choice Requires="w15">${paragraph('block choice')}</mc:Choice><mc:Fallback>${paragraph('block fallback')}</mc:Fallback></mc:AlternateContent>`;
    expect(await json({ body })).toEqual(doc(p('choice'), p('fallback'), p('fallback'), p('rest'), p('block choice')).toJSON());
  });

  // Comment anchors become comment marks: see read-docx-review.test.ts.
  it('skips bookmarks and proofing marks wherever they stand', async () => {
    const body =
      `<w:bookmarkStart w:id="0" w:name="top"/><w:p><w:proofErr w:type="spellStart"/>` +
      `<w:r><w:bookmarkStart w:id="2" w:name="inside"/><w:t>text</w:t><w:bookmarkEnd w:id="2"/></w:r><w:proofErr w:type="spellEnd"/></w:p><w:bookmarkEnd w:id="0"/>`;
    const result = await read({ body });
    expect(result.value.toJSON()).toEqual(doc(p('text')).toJSON());
    expect(result.messages).toEqual([]);
  });
});

describe('readDocx runs', () => {
  it('reads tabs, line breaks, carriage returns, symbols, soft hyphens and non-breaking hyphens', async () => {
    const body =
      `<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:cr/><w:t>d</w:t>` +
      `<w:sym w:font="Symbol" w:char="F061"/><w:sym w:font="Wingdings" w:char="F0FC"/><w:sym w:font="Arial" w:char="00A9"/>` +
      `<w:t>hy</w:t><w:softHyphen/><w:t>phen</w:t><w:noBreakHyphen/><w:t>x</w:t></w:r></w:p>`;
    expect(await json({ body })).toEqual(doc(p('a\tb', br(), 'c', br(), 'dα✓©hy\u00ADphen\u2011x')).toJSON());
  });

  it('decodes text typed in the Symbol font', async () => {
    expect(await json({ body: `<w:p>${run('\uF070r\uF0B9', '<w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/>')}</w:p>` })).toEqual(
      doc(p(font({ family: 'Symbol' }, 'πr≠'))).toJSON(),
    );
  });

  it('splits a paragraph at a page break, the model keeping page breaks as blocks', async () => {
    const body = `<w:p>${run('before')}<w:r><w:br w:type="page"/></w:r>${run('after')}</w:p>`;
    expect(await json({ body })).toEqual(doc(p('before'), pageBreak(), p('after')).toJSON());
  });

  it('keeps empty paragraphs, which take space in Word', async () => {
    expect(await json({ body: paragraph('a') + '<w:p/>' + paragraph('b') })).toEqual(doc(p('a'), p(), p('b')).toJSON());
  });
});

describe('readDocx hyperlinks', () => {
  it('links to relationship targets and bookmarks, and drops links with unsafe schemes keeping their text', async () => {
    const relationships = [
      { id: 'rIdWeb', type: 'hyperlink', target: 'https://example.com/page', external: true },
      { id: 'rIdMail', type: 'hyperlink', target: 'mailto:someone@example.com', external: true },
      { id: 'rIdScript', type: 'hyperlink', target: 'javascript:alert(1)', external: true },
      { id: 'rIdFile', type: 'hyperlink', target: 'file:///etc/passwd', external: true },
    ];
    const body =
      `<w:p><w:hyperlink r:id="rIdWeb" w:anchor="part">${run('web')}</w:hyperlink> <w:hyperlink r:id="rIdMail">${run('mail')}</w:hyperlink>` +
      `<w:hyperlink w:anchor="_Toc1">${run('inside')}</w:hyperlink><w:hyperlink r:id="rIdScript">${run('script')}</w:hyperlink>` +
      `<w:hyperlink r:id="rIdFile">${run('file')}</w:hyperlink><w:hyperlink r:id="rIdMissing">${run('none')}</w:hyperlink></w:p>`;
    const result = await read({ body, relationships });
    expect(result.value.toJSON()).toEqual(
      doc(p(a('https://example.com/page#part', 'web'), a('mailto:someone@example.com', 'mail'), a('#_Toc1', 'inside'), 'scriptfilenone')).toJSON(),
    );
    expect(result.messages.filter((message) => message.code === 'READER_UNSAFE_LINK')).toHaveLength(2);
  });
});

describe('readDocx notes', () => {
  it('reads referenced footnotes and endnotes in order, without separators or the reference mark', async () => {
    const footnotes =
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${run('First note.')}</w:p></w:footnote>` +
      `<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r>${run('Unused note.')}</w:p></w:footnote>`;
    const endnotes = `<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r>${run('End note.')}</w:p></w:endnote>`;
    const body = `<w:p>${run('Claim')}<w:r><w:endnoteReference w:id="1"/></w:r>${run(' and')}<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:footnoteReference w:id="5"/></w:r></w:p>`;
    const result = await read({ body, footnotes, endnotes });
    expect(result.value.toJSON()).toEqual(
      doc(
        p('Claim', footnoteRef('endnote-1'), ' and', footnoteRef('1'), footnoteRef('5')),
        footnote('endnote-1', p('End note.')),
        footnote('1', p('First note.')),
        footnote('5', p()),
      ).toJSON(),
    );
    expect(result.messages.map((message) => message.code)).toEqual(['READER_PART_UNREADABLE']);
  });
});

describe('readDocx sections, headers and footers', () => {
  const sectPr = (content: string) => `<w:sectPr>${content}</w:sectPr>`;

  it('reads each section with its page size, orientation and margins', async () => {
    const margins = '<w:pgMar w:top="1000" w:right="1100" w:bottom="-1200" w:left="1300" w:header="500" w:footer="600" w:gutter="0"/>';
    const body =
      paragraph('portrait', sectPr(`<w:pgSz w:w="12240" w:h="15840"/>${margins}`)) +
      paragraph('landscape') +
      sectPr('<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>');
    const margin = { top: 1000, right: 1100, bottom: 1200, left: 1300, header: 500, footer: 600, gutter: 0 };
    expect(await json({ body })).toEqual(
      doc(
        section({ pageSize: { width: 12240, height: 15840 }, margins: margin }, p('portrait')),
        section({ pageSize: { width: 15840, height: 12240 }, orientation: 'landscape' }, p('landscape')),
      ).toJSON(),
    );
  });

  it('gives each section its headers and footers, inheriting those a section does not name', async () => {
    const headers = { rIdH1: paragraph('Header one'), rIdH2: paragraph('Header two') };
    const footers = { rIdF1: paragraph('Footer') };
    const body =
      paragraph('first', sectPr('<w:headerReference w:type="default" r:id="rIdH1"/><w:footerReference w:type="default" r:id="rIdF1"/>')) +
      paragraph('second') +
      sectPr('<w:headerReference w:type="default" r:id="rIdH2"/>');
    expect(await json({ body, headers, footers })).toEqual(
      doc(
        section(header('default', p('Header one')), footer('default', p('Footer')), p('first')),
        section(header('default', p('Header two')), footer('default', p('Footer')), p('second')),
      ).toJSON(),
    );
  });

  it('uses first-page headers only with titlePg, and even-page ones only with evenAndOddHeaders', async () => {
    const headers = { rIdD: paragraph('Default'), rIdF: paragraph('First'), rIdE: paragraph('Even') };
    const references = '<w:headerReference w:type="default" r:id="rIdD"/><w:headerReference w:type="first" r:id="rIdF"/><w:headerReference w:type="even" r:id="rIdE"/>';
    const without = await json({ body: paragraph('text') + sectPr(references), headers });
    expect(without).toEqual(doc(section(header('default', p('Default')), p('text'))).toJSON());
    const withBoth = await json({ body: paragraph('text') + sectPr(`${references}<w:titlePg/>`), headers, settings: '<w:evenAndOddHeaders/>' });
    expect(withBoth).toEqual(
      doc({ evenAndOddHeaders: true }, section({ titlePage: true }, header('default', p('Default')), header('first', p('First')), header('even', p('Even')), p('text'))).toJSON(),
    );
  });

  it('reads Strict documents (ISO/IEC 29500 Strict namespaces and relationship types)', async () => {
    const strict = buildDocx({ strict: true, text: 'Strict text' });
    expect((await readDocx(strict)).value.toJSON()).toEqual(doc(p('Strict text')).toJSON());
  });

  it('reads the title from the core properties', async () => {
    expect(await json({ body: paragraph('x'), title: ' Annual report ' })).toEqual(doc({ title: 'Annual report' }, p('x')).toJSON());
  });
});

describe('readDocx unknown and opaque content', () => {
  it('keeps equations as opaque nodes with their markup and text', async () => {
    const math = '<m:oMath><m:r><m:t>x</m:t></m:r><m:sSup><m:e><m:r><m:t>y</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath>';
    const result = await read({ body: `<w:p>${run('Let ')}${math}</w:p>` });
    expect(result.value.toJSON()).toEqual(doc(p('Let ', opaqueInline({ format: 'ooxml', source: math, text: 'xy^2' }))).toJSON());
    expect(result.messages).toEqual([]);
  });

  it('keeps an unknown element that shows text as an opaque node, drops one that shows none, and skips ignorable ones, warning for the first two', async () => {
    const body =
      `<w:p xmlns:x="urn:example:x">${run('a')}<x:widget><w:r><w:t>widget text</w:t></w:r></x:widget><x:empty/><w14:future>${run('ignored')}</w14:future></w:p>`;
    const result = await read({ body });
    const widget = '<x:widget><w:r><w:t>widget text</w:t></w:r></x:widget>';
    expect(result.value.toJSON()).toEqual(doc(p('a', opaqueInline({ format: 'ooxml', source: widget, text: 'widget text' }))).toJSON());
    expect(result.messages.map((message) => message.code)).toEqual(['READER_UNKNOWN_ELEMENT', 'READER_ELEMENT_DROPPED']);
  });

  it('reads the paragraphs of a text box where it is anchored, in a box placed as the anchor says', async () => {
    const box = (anchor: string, shape = 'wps:wsp') =>
      `<w:r><w:drawing>${anchor}<wp:extent cx="914400" cy="457200"/><wp:docPr id="1" name="Text Box 1"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">` +
      `<${shape}><wps:txbx><w:txbxContent>${paragraph('boxed one')}${paragraph('boxed two')}</w:txbxContent></wps:txbx><wps:bodyPr lIns="36000" tIns="0"/></${shape}></a:graphicData></a:graphic>${anchor.replace('<', '</').replace(/ .*>/, '>')}</w:drawing></w:r>`;
    const anchored = box(
      '<wp:anchor behindDoc="1"><wp:positionH relativeFrom="page"><wp:posOffset>635000</wp:posOffset></wp:positionH><wp:positionV relativeFrom="margin"><wp:align>bottom</wp:align></wp:positionV><wp:wrapNone/>',
    ).replace('<wp:wrapNone/><wp:extent', '<wp:extent').replace('<wp:docPr', '<wp:wrapNone/><wp:docPr');
    const float = { wrap: 'none', x: 1000, y: 0, align: null, relativeH: 'page', relativeV: 'margin', alignV: 'bottom', behind: true };
    const placed = { float, width: 1440, height: 720, inset: { top: 0, right: 144, bottom: 72, left: 57 } };
    expect(await json({ body: `<w:p>${run('before')}${anchored}${run('after')}</w:p>` })).toEqual(
      doc(p('before'), textBox(placed, p('boxed one'), p('boxed two')), p('after')).toJSON(),
    );
    // An inline box stays in the flow.
    expect(await json({ body: `<w:p>${run('before')}${box('<wp:inline>')}${run('after')}</w:p>` })).toEqual(doc(p('before'), p('boxed one'), p('boxed two'), p('after')).toJSON());
  });
});
