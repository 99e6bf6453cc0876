// A small DOCX with tracked formatting changes written as Word writes them (ECMA-376 Part 1,
// 17.13.5.31 rPrChange, last in a run's w:rPr with the old w:rPr inside; 17.13.5.29 pPrChange, last
// in w:pPr with the old w:pPr inside): text made bold, text no longer italic, a paragraph made a
// Heading 1, one centred and one made a bulleted list item, by two authors; one paragraph untouched.
import { abstractNum, buildTestDocx, num, paragraphStyle, run } from './docx-package.js';

/** The authors and dates of the fixture's changes. */
export const FORMAT_CHANGE_AUTHORS = {
  ann: { author: 'Ann Reviewer', date: '2024-03-01T10:00:00Z' },
  bo: { author: 'Bo Editor', date: '2024-03-02T11:30:00Z' },
} as const;

const { ann, bo } = FORMAT_CHANGE_AUTHORS;
const by = (id: number, who: { author: string; date: string }) => `w:id="${id}" w:author="${who.author}" w:date="${who.date}"`;

/** The paragraphs of the fixture's body, in order, with the formatting change each holds. */
export const FORMAT_CHANGE_PARAGRAPHS = {
  bold: `<w:p>${run('Plain and ')}${run('bold now', `<w:b/><w:bCs/><w:rPrChange ${by(11, ann)}><w:rPr/></w:rPrChange>`)}${run(' text.')}</w:p>`,
  notItalic: `<w:p>${run('Text that ')}${run('was italic', `<w:rPrChange ${by(12, bo)}><w:rPr><w:i/><w:iCs/></w:rPr></w:rPrChange>`)}${run(' before.')}</w:p>`,
  heading: `<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:pPrChange ${by(13, ann)}><w:pPr/></w:pPrChange></w:pPr>${run('A heading now')}</w:p>`,
  centred: `<w:p><w:pPr><w:jc w:val="center"/><w:pPrChange ${by(14, bo)}><w:pPr><w:jc w:val="left"/></w:pPr></w:pPrChange></w:pPr>${run('Centred now')}</w:p>`,
  listed: `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:pPrChange ${by(15, ann)}><w:pPr/></w:pPrChange></w:pPr>${run('A list item now')}</w:p>`,
  untouched: `<w:p>${run('Untouched paragraph.')}</w:p>`,
} as const;

/** The bytes of the fixture. */
export function formatChangesDocx(): Uint8Array<ArrayBuffer> {
  return buildTestDocx({
    body: Object.values(FORMAT_CHANGE_PARAGRAPHS).join('') + '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>',
    styles:
      paragraphStyle('Normal', '<w:qFormat/>', { name: 'Normal', isDefault: true }) +
      paragraphStyle('Heading1', '<w:pPr><w:keepNext/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr>', { name: 'heading 1', basedOn: 'Normal' }),
    numbering: abstractNum(1, [{ format: 'bullet', text: '•' }]) + num(1, 1),
  });
}
