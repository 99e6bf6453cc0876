import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import { pdfText, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, section, footer, p, field, pageBreak } = build;

const numbered = (): ReturnType<typeof footer> => footer('default', p('Page ', field('PAGE'), ' of ', field('NUMPAGES')));

describe('writePdf page number formats', () => {
  it('writes PAGE fields in the format of their section and NUMPAGES in decimal', async () => {
    const pdf = await writePdf(
      doc(
        section({ pageNumberFormat: 'lowerRoman' }, numbered(), p('preface'), pageBreak(), p('contents')),
        section({ pageNumberStart: 1 }, numbered(), p('chapter one'), pageBreak(), p('chapter two')),
      ),
    );
    expect(squash(pdfText(pdf, 1))).toContain('Page i of 4');
    expect(squash(pdfText(pdf, 2))).toContain('Page ii of 4');
    expect(squash(pdfText(pdf, 3))).toContain('Page 1 of 4');
    expect(squash(pdfText(pdf, 4))).toContain('Page 2 of 4');
  });

  it('reads w:pgNumType w:fmt of a DOCX section and numbers its pages in capital Roman numerals and letters', async () => {
    const page = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const sectPr = (format: string, start: string): string =>
      `<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/><w:pgNumType w:fmt="${format}"${start}/></w:sectPr>`;
    const body =
      paragraph('first section') +
      `<w:p><w:pPr>${sectPr('upperRoman', ' w:start="4"')}</w:pPr></w:p>` +
      paragraph('second section') +
      sectPr('upperLetter', ' w:start="2"');
    const docx = buildTestDocx({ body, footers: { rIdF: `<w:p><w:r><w:t xml:space="preserve">Folio </w:t></w:r>${page}</w:p>` } });
    const { value } = await readDocx(docx);
    const sections: unknown[] = [];
    value.forEach((child) => sections.push(child.attrs['pageNumberFormat']));
    expect(sections).toEqual(['upperRoman', 'upperLetter']);
    const pdf = await writePdf(value);
    expect(squash(pdfText(pdf, 1))).toContain('Folio IV');
    expect(squash(pdfText(pdf, 2))).toContain('Folio B');
  });
});
