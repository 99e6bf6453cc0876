import type { IBaseParagraphStyleOptions, IStylesOptions } from 'docx';
import { DEFAULT_TABLE_HEADER_LOOK } from 'quire/model';

/** Style ids the writer uses; each is defined in the styles part it writes. */
export const STYLE_IDS = {
  blockText: 'BlockText',
  sourceCode: 'SourceCode',
  verbatimChar: 'VerbatimChar',
  hyperlink: 'Hyperlink',
  // Footnote Text (10 pt, single spacing, nothing after) is a default style of the docx library,
  // defined as Word's built-in one is, like the superscript Footnote Reference its note numbers use.
  footnoteText: 'FootnoteText',
  table: 'TableGrid',
} as const;

/**
 * The bar at the left of quoted text: Block Text's border, which the writer also gives headings,
 * code blocks and list items inside block quotes so that readers know those are quoted.
 */
export const QUOTE_BAR = { left: { style: 'single', size: 12, space: 8, color: 'BFBFBF' } } as const;

/** Left indent in twips that each level of block quote adds, as Block Text's own indent. */
export const QUOTE_INDENT = 720;

const BODY_FONT = 'Calibri';
const HEADING_FONT = 'Calibri Light';
const CODE_FONT = 'Consolas';
const HEADING_COLOR = '2F5496';

// Heading sizes in half-points for levels 1 to 6, after Word's own Heading 1..6.
const HEADING_SIZES = [32, 26, 24, 22, 22, 22] as const;

function headingStyle(level: number): IBaseParagraphStyleOptions {
  return {
    run: {
      font: HEADING_FONT,
      size: HEADING_SIZES[level - 1] ?? 22,
      color: HEADING_COLOR,
      bold: level >= 3,
      italics: level >= 4,
    },
    // outlineLevel (ECMA-376 Part 1, 17.3.1.20) is what puts headings in Word's navigation pane and
    // in tables of contents; it counts from 0.
    paragraph: { outlineLevel: level - 1, keepNext: true, keepLines: true, spacing: { before: level === 1 ? 240 : 160, after: 80 } },
  };
}

// "Table Grid", Word's built-in table style with single borders, which the docx library does not
// define; first-row formatting applies only to tables whose look asks for it (w:tblLook).
const TABLE_STYLE =
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>' +
  '<w:uiPriority w:val="39"/><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>' +
  '<w:tblPr><w:tblBorders>' +
  '<w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '<w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '<w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/>' +
  '</w:tblBorders><w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="108" w:type="dxa"/>' +
  '<w:bottom w:w="40" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
  `<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:bCs/></w:rPr><w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="${DEFAULT_TABLE_HEADER_LOOK.background}"/></w:tcPr></w:tblStylePr>` +
  '</w:style>';

/**
 * A styles part holding only the styles the docx library cannot build from options (the table
 * style). Given as `externalStyles`, it keeps the library's default styles, which `importedStyles`
 * would replace.
 */
export const EXTERNAL_STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:styles xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" mc:Ignorable="w14 w15">' +
  `${TABLE_STYLE}</w:styles>`;

/**
 * Returns the styles of a written document: Word's defaults (Calibri 11 pt), Heading 1..6 with
 * their outline levels, Title, Block Text for quotes, Source Code and Verbatim Char for code,
 * (Table Grid comes from {@link EXTERNAL_STYLES_XML}; Footnote Text and Footnote Reference are
 * the library's defaults), so that content is formatted by styles rather than run by run.
 */
export function createDocxStyles(): IStylesOptions {
  return {
    default: {
      document: {
        run: { font: BODY_FONT, size: 22 },
        paragraph: { spacing: { after: 160, line: 259, lineRule: 'auto' } },
      },
      title: { run: { font: HEADING_FONT, size: 56 }, paragraph: { spacing: { after: 80 } } },
      heading1: headingStyle(1),
      heading2: headingStyle(2),
      heading3: headingStyle(3),
      heading4: headingStyle(4),
      heading5: headingStyle(5),
      heading6: headingStyle(6),
      listParagraph: { paragraph: { spacing: { after: 60 }, contextualSpacing: true } },
      hyperlink: { run: { color: '0563C1', underline: { type: 'single' } } },
    },
    paragraphStyles: [
      {
        id: STYLE_IDS.blockText,
        name: 'Block Text',
        basedOn: 'Normal',
        next: STYLE_IDS.blockText,
        quickFormat: true,
        run: { italics: true, color: '404040' },
        paragraph: {
          indent: { left: QUOTE_INDENT, right: QUOTE_INDENT },
          border: QUOTE_BAR,
        },
      },
      {
        id: STYLE_IDS.sourceCode,
        name: 'Source Code',
        basedOn: 'Normal',
        quickFormat: true,
        run: { font: CODE_FONT, size: 20 },
        paragraph: {
          spacing: { after: 160, line: 240, lineRule: 'auto' },
          shading: { type: 'clear', color: 'auto', fill: 'F6F8FA' },
          keepLines: true,
        },
      },
    ],
    characterStyles: [
      {
        id: STYLE_IDS.verbatimChar,
        name: 'Verbatim Char',
        quickFormat: true,
        run: { font: CODE_FONT, size: 20 },
      },
    ],
  };
}
