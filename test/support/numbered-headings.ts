// A small DOCX whose two Heading 1 paragraphs are numbered through their style, for the tests of
// the reader, the editor and the patch writer: Word shows them as "Chapter 1 Scope" and "Chapter 2 Payment".
import { abstractNum, buildTestDocx, num, paragraph, paragraphStyle } from './docx-package.js';

/** Returns the bytes of a DOCX with the headings "Scope" and "Payment", numbered "Chapter 1" and "Chapter 2". */
export function buildNumberedHeadingsDocx(): Uint8Array<ArrayBuffer> {
  return buildTestDocx({
    numbering: abstractNum(1, [{ format: 'decimal', text: 'Chapter %1', styleId: 'Heading1' }]) + num(1, 1),
    styles: paragraphStyle('Heading1', '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr>', { name: 'heading 1' }),
    body: paragraph('Scope', '<w:pStyle w:val="Heading1"/>') + paragraph('Payment', '<w:pStyle w:val="Heading1"/>'),
  });
}
