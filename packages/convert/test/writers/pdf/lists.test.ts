import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { abstractNum, buildTestDocx, num, numbered } from '../../../../../test/support/docx-package.js';
import { buildNumberedHeadingsDocx } from '../../../../../test/support/numbered-headings.js';
import { pdfText, placedWords } from '../../../../../test/support/pdf-tools.js';

// A LibreOffice-style list: the text 1.2 cm (680 twips) in, the bullet 0.6 cm before it.
const CENTIMETRE_LIST =
  '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/>' +
  '<w:pPr><w:ind w:left="680" w:hanging="340"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>';

describe('writePdf lists', () => {
  it('indents a DOCX list as its numbering definition says, the bullet in the hanging indent', async () => {
    const docx = buildTestDocx({ numbering: CENTIMETRE_LIST, body: numbered('First item', 1) + numbered('Second item', 1) + '<w:p><w:r><w:t>After</w:t></w:r></w:p>' });
    const pdf = await writePdf((await readDocx(docx)).value);
    const words = placedWords(pdf, 1);
    const margin = words.find((word) => word.text === 'After')!.xMin;
    expect(words.find((word) => word.text === 'First')!.xMin).toBeCloseTo(margin + 34, 1);
    expect(words.find((word) => word.text === '•')!.xMin).toBeCloseTo(margin + 17, 1);
  });

  it('sets a Markdown list as the DOCX writer does: the text half an inch in per level, the marker a quarter inch before it', async () => {
    const pdf = await writePdf(readMarkdown('Intro\n\n- outer\n  - inner\n').value);
    const words = placedWords(pdf, 1);
    const margin = words.find((word) => word.text === 'Intro')!.xMin;
    expect(words.find((word) => word.text === 'outer')!.xMin).toBeCloseTo(margin + 36, 1);
    expect(words.find((word) => word.text === 'inner')!.xMin).toBeCloseTo(margin + 72, 1);
  });

  it('draws second-level bullets as white bullets (◦), not the letter o', async () => {
    const pdf = await writePdf(readMarkdown('- outer\n  - inner\n    - deepest\n').value);
    const lines = pdfText(pdf, 1).split('\n').map((line) => line.trim());
    expect(lines).toContain('◦ inner');
    expect(lines).toContain('▪ deepest');
  });

  it('draws the text Word puts around list numbers, such as "Article 1." and "(2)"', async () => {
    const numbering = abstractNum(1, [{ format: 'decimal', text: 'Article %1.' }]) + num(1, 1) + abstractNum(2, [{ format: 'decimal', text: '(%1)' }]) + num(2, 2);
    const docx = buildTestDocx({ numbering, body: numbered('Scope', 1) + numbered('Terms', 1) + '<w:p><w:r><w:t>Between</w:t></w:r></w:p>' + numbered('first', 2) + numbered('second', 2) });
    const lines = pdfText(await writePdf((await readDocx(docx)).value), 1).split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines).toEqual(expect.arrayContaining(['Article 1. Scope', 'Article 2. Terms', '(1) first', '(2) second']));
  });

  it('draws the number of a heading numbered through its style before its text', async () => {
    const lines = pdfText(await writePdf((await readDocx(buildNumberedHeadingsDocx())).value), 1).split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines).toEqual(expect.arrayContaining(['Chapter 1 Scope', 'Chapter 2 Payment']));
  });
});
