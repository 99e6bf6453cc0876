import { readZipDirectory } from '../../package/read-zip-directory.js';
import { rewriteZip } from '../../package/rewrite-zip.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// An empty zip archive: its end of central directory record alone (APPNOTE 4.3.16).
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

const HEADING_SIZES = [32, 26, 24, 22, 22, 22];

function style(type: string, id: string, name: string, body: string): string {
  return `<w:style w:type="${type}" w:styleId="${id}"><w:name w:val="${name}"/>${body}</w:style>`;
}

const STYLES =
  `${HEADER}<w:styles xmlns:w="${W}">` +
  `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault>` +
  `<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>` +
  `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
  HEADING_SIZES.map((size, index) =>
    style('paragraph', `Heading${index + 1}`, `heading ${index + 1}`,
      `<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="${index === 0 ? 240 : 40}" w:after="0"/><w:outlineLvl w:val="${index}"/></w:pPr><w:rPr><w:rFonts w:ascii="Calibri Light" w:hAnsi="Calibri Light"/><w:color w:val="2F5496"/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr>`),
  ).join('') +
  style('paragraph', 'Title', 'Title', '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:rFonts w:ascii="Calibri Light" w:hAnsi="Calibri Light"/><w:sz w:val="56"/><w:szCs w:val="56"/></w:rPr>') +
  style('paragraph', 'Quote', 'Quote', '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:ind w:left="720" w:right="720"/></w:pPr><w:rPr><w:i/><w:color w:val="404040"/></w:rPr>') +
  style('paragraph', 'SourceCode', 'Source Code', '<w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New"/><w:sz w:val="20"/></w:rPr>') +
  style('paragraph', 'ListParagraph', 'List Paragraph', '<w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:ind w:left="720"/><w:contextualSpacing/></w:pPr>') +
  style('character', 'Hyperlink', 'Hyperlink', '<w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr>') +
  style('table', 'TableGrid', 'Table Grid', '<w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr>') +
  `</w:styles>`;

/** Page sizes in twips: A4 and US Letter (portrait), with Word's usual one-inch margins. */
const PAPER = { a4: { width: 11906, height: 16838 }, letter: { width: 12240, height: 15840 } } as const;

/**
 * Returns a new, empty DOCX: one section on `paper`, Word's usual styles (Normal, Heading 1 to 6,
 * Title, Quote, Source Code, List Paragraph, Hyperlink, Table Grid) and nothing else, so that a
 * document from another format can be written into it with `patchDocx`. It carries no GUID or
 * creation time: the identity writer adds fresh ones, as for any document that lacks them.
 */
export async function createBlankDocx(paper: keyof typeof PAPER = 'a4'): Promise<Uint8Array> {
  const size = PAPER[paper];
  const parts = new Map<string, Uint8Array>();
  const add = (name: string, text: string): void => void parts.set(name, new TextEncoder().encode(text));
  add(
    '[Content_Types].xml',
    `${HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
  );
  add('_rels/.rels', `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`);
  add('word/_rels/document.xml.rels', `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/></Relationships>`);
  add('word/styles.xml', STYLES);
  add(
    'word/document.xml',
    `${HEADER}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body><w:sectPr><w:pgSz w:w="${size.width}" w:h="${size.height}"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return rewriteZip(EMPTY_ZIP, readZipDirectory(EMPTY_ZIP), parts);
}
