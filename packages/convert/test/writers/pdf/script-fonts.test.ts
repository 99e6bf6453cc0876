// Word formats the characters of one run by their script (ECMA-376 Part 1, 17.3.2.26): Arabic
// and Hebrew in the complex-script font at w:szCs, bold and italic by w:bCs and w:iCs, all of a
// right-to-left run (w:rtl) so; East Asian text in the w:eastAsia font. The layout the PDF writer
// paints (and the editor's pages measure) sets each piece so.
import PDFDocument from 'pdfkit';
import { layoutDocument, type LaidOutPage } from 'quire/layout';
import { readDocx } from 'quire/readers';
import { describe, expect, it } from 'vitest';
import { FontCatalog } from '../../../src/writers/pdf/font-catalog.js';
import { PdfkitMeasurer } from '../../../src/writers/pdf/pdfkit-measurer.js';
import { buildTestDocx, paragraphStyle, run } from '../../../../../test/support/docx-package.js';

type TextOp = Extract<LaidOutPage['ops'][number], { kind: 'text' }>;

const fonts = new FontCatalog();

// Latin text in Calibri 11 pt; complex-script text in Times New Roman 16 pt.
const STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="MS Mincho" w:cs="Times New Roman"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="32"/></w:rPr></w:rPrDefault></w:docDefaults>' +
  paragraphStyle('Normal', '', { isDefault: true });

/** The text ops of a one-page DOCX of `body`, laid out with the PDF writer's fonts and measurer. */
async function textOps(body: string): Promise<TextOp[]> {
  const doc = (await readDocx(buildTestDocx({ styles: STYLES, body }))).value;
  const measurer = new PdfkitMeasurer(new PDFDocument({ autoFirstPage: false }), fonts);
  return layoutDocument(doc, { catalog: fonts, measurer }).pages[0]!.ops.filter((op): op is TextOp => op.kind === 'text');
}

function opOf(ops: readonly TextOp[], text: string): TextOp {
  const found = ops.find((op) => op.text.includes(text));
  if (!found) throw new Error(`No text op holds ${text}: ${ops.map((op) => op.text).join(' | ')}`);
  return found;
}

describe('fonts and sizes of complex-script and East Asian text', () => {
  it('sets Hebrew in the complex-script font (Times New Roman, drawn in Tinos) at w:szCs, the Latin words of the run in Calibri at w:sz', async () => {
    const ops = await textOps(`<w:p>${run('Word שלום עולם Word')}</w:p>`);
    expect(opOf(ops, 'Word')).toMatchObject({ size: 11, file: { face: { family: 'carlito', weight: 400 } } });
    for (const word of ['שלום', 'עולם']) expect(opOf(ops, word)).toMatchObject({ size: 16, file: { face: { family: 'tinos', weight: 400 } } });
  });

  it('sets Arabic at w:szCs and bold by w:bCs, while w:b alone leaves it regular', async () => {
    const ops = await textOps(`<w:p>${run('bold مرحبا', '<w:b/>')}</w:p><w:p>${run('plain أهلا', '<w:bCs/>')}</w:p>`);
    expect(opOf(ops, 'bold')).toMatchObject({ size: 11, file: { face: { weight: 700 } } });
    expect(opOf(ops, 'مرحبا')).toMatchObject({ size: 16, file: { face: { family: 'noto-sans-arabic', weight: 400 } } });
    expect(opOf(ops, 'plain')).toMatchObject({ size: 11, file: { face: { weight: 400 } } });
    expect(opOf(ops, 'أهلا')).toMatchObject({ size: 16, file: { face: { family: 'noto-sans-arabic', weight: 700 } } });
  });

  it('sets the spaces and digits of a right-to-left run (w:rtl) in its complex-script font and size too', async () => {
    const ops = await textOps(`<w:p><w:pPr><w:bidi/></w:pPr>${run('שנת 2024 החדשה', '<w:rtl/>')}</w:p>`);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) expect(op).toMatchObject({ size: 16, file: { face: { family: 'tinos' } } });
    expect(ops.map((op) => op.text).join('')).toContain('2024');
  });
});
