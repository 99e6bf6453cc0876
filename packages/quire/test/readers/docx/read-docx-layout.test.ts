import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/index.js';
import { buildTestDocx, paragraph, paragraphStyle } from '../../../../../test/support/docx-package.js';

// 2 × 1 pixel PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII='), (c) => c.charCodeAt(0));

function anchoredPicture(position: string, wrap: string, attributes = ''): string {
  return (
    `<w:r><w:drawing><wp:anchor simplePos="0" behindDoc="0"${attributes}>${position}<wp:extent cx="1270000" cy="635000"/>${wrap}<wp:docPr id="1" name="Picture 1"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdPng"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}

async function readFloats(pictures: string): Promise<unknown[]> {
  const relationships = [{ id: 'rIdPng', type: 'image', target: 'media/image1.png' }];
  const { value } = await readDocx(buildTestDocx({ body: `<w:p>${pictures}</w:p>`, media: { 'media/image1.png': PNG }, relationships }));
  const floats: unknown[] = [];
  value.descendants((node: Node) => {
    if (node.type.name === 'image') floats.push(node.attrs['float']);
    return true;
  });
  return floats;
}

describe('readDocx document defaults', () => {
  it('keeps the look of the default paragraph style on the document: font, size and spacing', async () => {
    const styles =
      '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:sz w:val="22"/></w:rPr></w:rPrDefault>' +
      '<w:pPrDefault><w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
      paragraphStyle('Normal', '<w:rPr><w:sz w:val="24"/></w:rPr>', { isDefault: true }) +
      paragraphStyle('Heading1', '<w:pPr><w:spacing w:before="480"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="40"/></w:rPr>', { name: 'heading 1', basedOn: 'Normal' });
    const { value } = await readDocx(buildTestDocx({ styles, body: paragraph('Title', '<w:pStyle w:val="Heading1"/>') + paragraph('Body') }));
    expect(value.attrs['defaults']).toEqual({
      body: { fontFamily: 'Arial', fontSize: 12, bold: false, italic: false, color: null, spacing: { after: 200, line: 276, lineRule: 'auto' } },
      headings: [
        { fontFamily: 'Arial', fontSize: 20, bold: true, italic: false, color: null, spacing: { before: 480, after: 200, line: 276, lineRule: 'auto' } },
        null,
        null,
        null,
        null,
        null,
      ],
    });
  });

  it('keeps the whole look of the quote styles its quoted paragraphs keep as their style, borders included, and of no other style', async () => {
    const styles =
      paragraphStyle('Normal', '<w:rPr><w:sz w:val="24"/></w:rPr>', { isDefault: true }) +
      paragraphStyle(
        'IntenseQuote',
        '<w:pPr><w:pBdr><w:top w:val="single" w:sz="4" w:space="10" w:color="4F81BD"/><w:bottom w:val="single" w:sz="4" w:space="10" w:color="4F81BD"/></w:pBdr>' +
          '<w:spacing w:before="360" w:after="360"/><w:ind w:left="864" w:right="864"/><w:jc w:val="center"/></w:pPr><w:rPr><w:i/><w:color w:val="4F81BD"/></w:rPr>',
        { name: 'Intense Quote', basedOn: 'Normal' },
      ) +
      paragraphStyle('Remark', '<w:rPr><w:i/></w:rPr>', { basedOn: 'Normal' });
    const body = paragraph('Quoted', '<w:pStyle w:val="IntenseQuote"/>') + paragraph('Remark', '<w:pStyle w:val="Remark"/>');
    const { value } = await readDocx(buildTestDocx({ styles, body }));
    const line = { style: 'single', width: 0.5, color: '4F81BD', space: 10 };
    expect((value.attrs['defaults'] as { styles?: unknown }).styles).toEqual({
      IntenseQuote: {
        fontFamily: null,
        fontSize: 12,
        bold: false,
        italic: true,
        color: '4F81BD',
        spacing: { before: 360, after: 360 },
        align: 'center',
        indent: { left: 864, right: 864 },
        borders: { top: line, bottom: line },
      },
    });
    expect(value.firstChild!.firstChild!.firstChild!.attrs['styleId']).toBe('IntenseQuote');
  });

  it('keeps the look of the footnote and endnote text styles its notes are in, which their formatting is relative to', async () => {
    const styles =
      paragraphStyle('Normal', '<w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="24"/></w:rPr>', { isDefault: true }) +
      paragraphStyle('FootnoteText', '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr>', { name: 'footnote text', basedOn: 'Normal' }) +
      paragraphStyle('EndnoteText', '<w:rPr><w:sz w:val="16"/></w:rPr>', { name: 'endnote text', basedOn: 'Normal' });
    const note = (kind: string, text: string, size = '') =>
      `<w:${kind} w:id="1"><w:p><w:pPr><w:pStyle w:val="${kind === 'footnote' ? 'FootnoteText' : 'EndnoteText'}"/></w:pPr><w:r><w:${kind}Ref/></w:r><w:r><w:rPr>${size}</w:rPr><w:t>${text}</w:t></w:r></w:p></w:${kind}>`;
    const body = '<w:p><w:r><w:t>Claim</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>';
    const { value } = await readDocx(buildTestDocx({ styles, body, footnotes: note('footnote', 'Foot', '<w:sz w:val="18"/>'), endnotes: note('endnote', 'End') }));
    expect((value.attrs['defaults'] as { notes?: unknown }).notes).toEqual({
      footnote: { fontFamily: null, fontSize: 9, bold: false, italic: false, color: null, spacing: { after: 0, line: 240, lineRule: 'auto' } },
      endnote: { fontFamily: null, fontSize: 8, bold: false, italic: false, color: null, spacing: { after: 160, line: 259, lineRule: 'auto' } },
    });
    // The note's text is at its style's size, so it carries no size of its own.
    expect(value.lastChild!.toJSON()).toEqual({ type: 'footnote', attrs: { id: 'endnote-1' }, content: [expect.objectContaining({ content: [{ type: 'text', text: 'End' }] })] });
    expect(JSON.stringify(value.child(value.childCount - 2).toJSON())).not.toContain('font');
  });

  it('gives no defaults to a document without a styles part, leaving the writers their own', async () => {
    const { value } = await readDocx(buildTestDocx({ body: paragraph('Body') }));
    expect(value.attrs['defaults']).toBeNull();
  });

  it('reads a line rule without a line as single spacing, as LibreOffice does', async () => {
    const styles =
      '<w:docDefaults><w:pPrDefault><w:pPr><w:spacing w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
      paragraphStyle('Normal', '', { isDefault: true });
    const { value } = await readDocx(buildTestDocx({ styles, body: paragraph('Body', '<w:spacing w:after="220" w:lineRule="auto"/>') }));
    expect(value.firstChild?.firstChild?.attrs['spacing']).toEqual({ after: 220, line: 240, lineRule: 'auto' });
  });

  it("reads automatic spacing before and after, and a paragraph's off that undoes its style's", async () => {
    const styles =
      paragraphStyle('Normal', '<w:pPr><w:spacing w:after="0"/></w:pPr>', { isDefault: true }) +
      paragraphStyle('NormalWeb', '<w:pPr><w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1"/></w:pPr>', {
        name: 'Normal (Web)',
        basedOn: 'Normal',
      });
    const body =
      paragraph('Web', '<w:pStyle w:val="NormalWeb"/>') +
      paragraph('Web, own space after', '<w:pStyle w:val="NormalWeb"/><w:spacing w:after="210" w:afterAutospacing="0"/>') +
      paragraph('Direct', '<w:spacing w:beforeAutospacing="true"/>');
    const { value } = await readDocx(buildTestDocx({ styles, body }));
    const spacing = (index: number) => value.firstChild?.child(index).attrs['spacing'];
    expect(spacing(0)).toEqual({ before: 100, beforeAutospacing: true, after: 100, afterAutospacing: true });
    expect(spacing(1)).toEqual({ before: 100, beforeAutospacing: true, after: 210, afterAutospacing: false });
    expect(spacing(2)).toEqual({ after: 0, beforeAutospacing: true });
  });
});

describe('readDocx section columns', () => {
  it('reads the column count and spacing of a section, and one column as none', async () => {
    const body =
      paragraph('two columns', '<w:sectPr><w:cols w:num="2" w:space="360"/></w:sectPr>') +
      paragraph('three listed columns', '<w:sectPr><w:cols w:equalWidth="0"><w:col w:w="2000"/><w:col w:w="2000"/><w:col w:w="2000"/></w:cols></w:sectPr>') +
      '<w:p><w:r><w:t>one column</w:t></w:r></w:p><w:sectPr><w:cols w:space="720"/></w:sectPr>';
    const { value } = await readDocx(buildTestDocx({ body }));
    const columns: unknown[] = [];
    value.forEach((section) => {
      if (section.type.name === 'section') columns.push(section.attrs['columns']);
    });
    expect(columns).toEqual([{ count: 2, space: 360 }, { count: 3, space: 720 }, null]);
  });
});

describe('readDocx page numbering', () => {
  it('reads where a section restarts its page numbers', async () => {
    const body = paragraph('restarted', '<w:sectPr><w:pgNumType w:start="5"/></w:sectPr>') + '<w:p><w:r><w:t>continued</w:t></w:r></w:p><w:sectPr><w:pgNumType w:fmt="lowerRoman"/></w:sectPr>';
    const { value } = await readDocx(buildTestDocx({ body }));
    expect([value.child(0).attrs['pageNumberStart'], value.child(1).attrs['pageNumberStart']]).toEqual([5, null]);
  });
});

describe('readDocx floating pictures', () => {
  it('keeps the wrapping and offsets of anchored pictures, and none for inline ones', async () => {
    const offset = (axis: 'H' | 'V', from: string, emus: number) => `<wp:position${axis} relativeFrom="${from}"><wp:posOffset>${emus}</wp:posOffset></wp:position${axis}>`;
    const floats = await readFloats(
      anchoredPicture(offset('H', 'column', 635000) + offset('V', 'paragraph', 127000), '<wp:wrapSquare wrapText="bothSides"/>') +
        anchoredPicture('<wp:positionH relativeFrom="margin"><wp:align>right</wp:align></wp:positionH>' + offset('V', 'page', 127000), '<wp:wrapTopAndBottom/>') +
        anchoredPicture(offset('H', 'column', 0) + offset('V', 'paragraph', 0), '<wp:wrapNone/>') +
        anchoredPicture(offset('H', 'column', 0) + offset('V', 'line', 0), '<wp:wrapTight wrapText="bothSides"><wp:wrapPolygon edited="0"><wp:start x="0" y="0"/></wp:wrapPolygon></wp:wrapTight>'),
    );
    expect(floats).toEqual([
      { wrap: 'square', x: 1000, y: 200, align: null },
      // Relative to the page and its margin: read as the paragraph's top, kept as written besides.
      { wrap: 'topAndBottom', x: 0, y: 0, align: 'right', relativeH: 'margin', relativeV: 'page', pageY: 200 },
      { wrap: 'none', x: 0, y: 0, align: null },
      { wrap: 'square', x: 0, y: 0, align: null },
    ]);
  });

  it('keeps the side text flows on of a square-wrapped picture when it is not both sides', async () => {
    const at = '<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>';
    const floats = await readFloats(
      anchoredPicture(at, '<wp:wrapSquare wrapText="left"/>') + anchoredPicture(at, '<wp:wrapSquare wrapText="largest"/>') + anchoredPicture(at, '<wp:wrapTopAndBottom/>'),
    );
    expect(floats).toEqual([
      { wrap: 'square', x: 0, y: 0, align: null, wrapText: 'left' },
      { wrap: 'square', x: 0, y: 0, align: null, wrapText: 'largest' },
      { wrap: 'topAndBottom', x: 0, y: 0, align: null },
    ]);
  });

  it('keeps the room text keeps from each side of a picture in twips, and none when no side has any', async () => {
    const at = '<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>';
    const floats = await readFloats(
      anchoredPicture(at, '<wp:wrapSquare wrapText="bothSides"/>', ' distT="114300" distB="0" distL="114300" distR="228600"') +
        anchoredPicture(at, '<wp:wrapSquare wrapText="bothSides"/>', ' distT="0" distB="0" distL="0" distR="0"'),
    );
    expect(floats).toEqual([
      { wrap: 'square', x: 0, y: 0, align: null, distance: { top: 180, right: 360, bottom: 0, left: 180 } },
      { wrap: 'square', x: 0, y: 0, align: null },
    ]);
  });

  it('keeps the polygon of a tightly or through wrapped picture as the contour text wraps to, when it has three corners or more', async () => {
    const at = '<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>';
    const polygon = '<wp:wrapPolygon edited="0"><wp:start x="10800" y="0"/><wp:lineTo x="21600" y="21600"/><wp:lineTo x="0" y="21600"/><wp:lineTo x="10800" y="0"/></wp:wrapPolygon>';
    const floats = await readFloats(
      anchoredPicture(at, `<wp:wrapTight wrapText="bothSides">${polygon}</wp:wrapTight>`) + anchoredPicture(at, `<wp:wrapThrough wrapText="left">${polygon}</wp:wrapThrough>`),
    );
    const contour = [[10800, 0], [21600, 21600], [0, 21600], [10800, 0]];
    expect(floats).toEqual([
      { wrap: 'square', x: 0, y: 0, align: null, contour },
      { wrap: 'square', x: 0, y: 0, align: null, wrapText: 'left', contour },
    ]);
  });
});

describe('readDocx bookmarks', () => {
  it('keeps the names of the bookmarks that start in a paragraph, without Word\u2019s _GoBack', async () => {
    const body =
      '<w:p><w:bookmarkStart w:id="0" w:name="_Toc1"/><w:r><w:t>Heading</w:t></w:r><w:bookmarkEnd w:id="0"/><w:bookmarkStart w:id="1" w:name="_GoBack"/><w:bookmarkEnd w:id="1"/></w:p>' +
      '<w:p><w:hyperlink w:anchor="_Toc1"><w:bookmarkStart w:id="2" w:name="link"/><w:r><w:t>see</w:t></w:r><w:bookmarkEnd w:id="2"/></w:hyperlink></w:p>' +
      paragraph('plain');
    const { value } = await readDocx(buildTestDocx({ body }));
    const anchors: unknown[] = [];
    value.descendants((node: Node) => {
      if (node.isTextblock) anchors.push(node.attrs['anchors']);
      return !node.isTextblock;
    });
    expect(anchors).toEqual([['_Toc1'], ['link'], null]);
  });
});
