import type { ParagraphBorder, TextblockLook } from '../../model/document-defaults.js';
import type { Spacing } from '../../model/paragraph-attrs.js';
import { DEFAULT_TABLE_HEADER_LOOK } from '../../model/table-header-look.js';
import { WORD_DEFAULT_STYLES } from '../../model/word-default-styles.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import { WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';

/** The ids of the styles the writer gives what it writes anew; each is defined in {@link STYLE_DEFINITIONS}. */
export const STYLE_IDS = {
  quote: 'BlockText',
  code: 'SourceCode',
  inlineCode: 'VerbatimChar',
  hyperlink: 'Hyperlink',
  noteText: 'FootnoteText',
  noteReference: 'FootnoteReference',
  table: 'TableGrid',
} as const;

/** Points to eighths of a point, the unit of border widths (ECMA-376 Part 1, 17.18.2), 2 to 96. */
export function borderEighths(points: number): number {
  return Math.min(96, Math.max(2, Math.round((Number(points) || 0.5) * 8)));
}

/** The `w:spacing` of `spacing` (twips). */
export function spacingXml(spacing: Spacing): string {
  const parts = [
    spacing.before !== undefined ? ` w:before="${spacing.before}"` : '',
    spacing.after !== undefined ? ` w:after="${spacing.after}"` : '',
    spacing.line !== undefined ? ` w:line="${spacing.line}" w:lineRule="${spacing.lineRule ?? 'auto'}"` : '',
  ];
  return `<w:spacing${parts.join('')}/>`;
}

/** The `w:rFonts` that sets `family` for every script. */
export function fontsXml(family: string): string {
  const name = escapeXmlAttribute(family);
  return `<w:rFonts w:ascii="${name}" w:hAnsi="${name}" w:eastAsia="${name}" w:cs="${name}"/>`;
}

/** The side of a paragraph border (`w:pBdr` child) of `border`. */
export function paragraphBorderXml(side: string, border: ParagraphBorder): string {
  return `<w:${side} w:val="${border.style}" w:sz="${borderEighths(border.width)}" w:space="${Math.round(border.space)}" w:color="${border.color}"/>`;
}

// The run properties of a look, in schema order (ECMA-376 Part 1, 17.3.2.28).
function lookRunXml(look: TextblockLook, base: TextblockLook | null): string {
  let out = '';
  if (look.fontFamily && look.fontFamily !== base?.fontFamily) out += fontsXml(look.fontFamily);
  if (look.bold) out += '<w:b/><w:bCs/>';
  if (look.italic) out += '<w:i/><w:iCs/>';
  if (look.color) out += `<w:color w:val="${look.color}"/>`;
  if (look.fontSize && look.fontSize !== base?.fontSize) out += `<w:sz w:val="${look.fontSize * 2}"/><w:szCs w:val="${look.fontSize * 2}"/>`;
  return out === '' ? '' : `<w:rPr>${out}</w:rPr>`;
}

function style(type: 'paragraph' | 'character' | 'table', id: string, name: string, body: string): string {
  return `<w:style w:type="${type}" w:styleId="${id}"><w:name w:val="${name}"/>${body}</w:style>`;
}

const { body, headings, title, quote, code, note } = WORD_DEFAULT_STYLES;
const BASED_ON_NORMAL = '<w:basedOn w:val="Normal"/>';
const TABLE_BORDER = (side: string): string => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`;

/**
 * Word's built-in styles as {@link WORD_DEFAULT_STYLES} gives them, by style id: the styles part
 * of a new document, and what is added to a document's own styles part when the writer refers to
 * one it lacks (see `StyleAdditions`).
 */
export const STYLE_DEFINITIONS: ReadonlyMap<string, string> = new Map([
  ['Normal', '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>'],
  ...headings.map((look, index): [string, string] => [
    `Heading${index + 1}`,
    style(
      'paragraph',
      `Heading${index + 1}`,
      `heading ${index + 1}`,
      // The outline level (ECMA-376 Part 1, 17.3.1.20, from 0) puts headings in the navigation pane and tables of contents.
      `${BASED_ON_NORMAL}<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/>${spacingXml(look.spacing!)}<w:outlineLvl w:val="${index}"/></w:pPr>${lookRunXml(look, body)}`,
    ),
  ]),
  ['Title', style('paragraph', 'Title', 'Title', `${BASED_ON_NORMAL}<w:next w:val="Normal"/><w:qFormat/><w:pPr>${spacingXml(title.spacing)}</w:pPr>${lookRunXml(title, body)}`)],
  [
    STYLE_IDS.quote,
    style(
      'paragraph',
      STYLE_IDS.quote,
      'Block Text',
      `${BASED_ON_NORMAL}<w:qFormat/><w:pPr><w:pBdr>${paragraphBorderXml('left', quote.borders.left)}</w:pBdr><w:ind w:left="${quote.indent.left}" w:right="${quote.indent.right}"/></w:pPr>${lookRunXml(quote, body)}`,
    ),
  ],
  [
    STYLE_IDS.code,
    style(
      'paragraph',
      STYLE_IDS.code,
      'Source Code',
      `${BASED_ON_NORMAL}<w:qFormat/><w:pPr><w:keepLines/><w:shd w:val="clear" w:color="auto" w:fill="${WORD_DEFAULT_STYLES.codeShading}"/>${spacingXml(code.spacing)}</w:pPr>${lookRunXml(code, body)}`,
    ),
  ],
  [STYLE_IDS.inlineCode, style('character', STYLE_IDS.inlineCode, 'Verbatim Char', lookRunXml(code, body))],
  [STYLE_IDS.hyperlink, style('character', STYLE_IDS.hyperlink, 'Hyperlink', `<w:rPr><w:color w:val="${WORD_DEFAULT_STYLES.linkColor}"/><w:u w:val="single"/></w:rPr>`)],
  [STYLE_IDS.noteText, style('paragraph', STYLE_IDS.noteText, 'footnote text', `${BASED_ON_NORMAL}<w:pPr>${spacingXml(note.spacing)}</w:pPr>${lookRunXml(note, body)}`)],
  [STYLE_IDS.noteReference, style('character', STYLE_IDS.noteReference, 'footnote reference', '<w:rPr><w:vertAlign w:val="superscript"/></w:rPr>')],
  [
    STYLE_IDS.table,
    // Table Grid: single borders; its first-row look applies only to tables whose w:tblLook asks for it.
    style(
      'table',
      STYLE_IDS.table,
      'Table Grid',
      `<w:pPr>${spacingXml({ before: 0, after: 0, line: 240, lineRule: 'auto' })}</w:pPr>` +
        `<w:tblPr><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(TABLE_BORDER).join('')}</w:tblBorders>` +
        '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
        `<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:bCs/></w:rPr><w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="${DEFAULT_TABLE_HEADER_LOOK.background}"/></w:tcPr></w:tblStylePr>`,
    ),
  ],
]);

/** The styles part of a new document: Word's defaults and every style of {@link STYLE_DEFINITIONS}. */
export function newStylesPart(): string {
  const rPr = `<w:rPr>${fontsXml(body.fontFamily!)}<w:sz w:val="${body.fontSize! * 2}"/><w:szCs w:val="${body.fontSize! * 2}"/></w:rPr>`;
  return (
    `${XML_DECLARATION}<w:styles xmlns:w="${WORDPROCESSINGML_NAMESPACE}">` +
    `<w:docDefaults><w:rPrDefault>${rPr}</w:rPrDefault><w:pPrDefault><w:pPr>${spacingXml(body.spacing!)}</w:pPr></w:pPrDefault></w:docDefaults>` +
    `${[...STYLE_DEFINITIONS.values()].join('')}</w:styles>`
  );
}
