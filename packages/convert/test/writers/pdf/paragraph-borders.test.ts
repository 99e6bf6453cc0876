import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import { pageDrawings } from './pdf-drawings.js';

const INTENSE_QUOTE =
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="IntenseQuote"><w:name w:val="Intense Quote"/><w:basedOn w:val="Normal"/><w:pPr>' +
  '<w:pBdr><w:top w:val="single" w:sz="4" w:space="10" w:color="4472C4"/><w:bottom w:val="single" w:sz="4" w:space="10" w:color="4472C4"/></w:pBdr>' +
  '<w:ind w:left="864" w:right="864"/><w:jc w:val="center"/></w:pPr><w:rPr><w:i/><w:color w:val="4472C4"/></w:rPr></w:style>';

describe('writePdf paragraph borders', () => {
  it("draws the top and bottom borders of a kept paragraph style (Intense Quote) above and below its text, across its indented width", async () => {
    const body = '<w:p><w:r><w:t>Before</w:t></w:r></w:p><w:p><w:pPr><w:pStyle w:val="IntenseQuote"/></w:pPr><w:r><w:t>Quoted</w:t></w:r></w:p><w:p><w:r><w:t>After</w:t></w:r></w:p>';
    const pdf = await writePdf((await readDocx(buildTestDocx({ styles: INTENSE_QUOTE, body }))).value);
    const quoted = placedWords(pdf, 1).find((word) => word.text === 'Quoted')!;
    const lines = pageDrawings(pdf)[0]!.lines.filter((line) => line.color === '4472C4' && line.y1 === line.y2);
    expect(lines).toHaveLength(2);
    const [above, below] = [...lines].sort((a, b) => a.y1 - b.y1);
    expect(above!.y1).toBeLessThan(quoted.yMin - 5);
    expect(below!.y1).toBeGreaterThan(quoted.yMax + 5);
    expect(above!.width).toBeCloseTo(0.5, 2);
    const indent = 864 / 20;
    expect(Math.min(above!.x1, above!.x2)).toBeGreaterThan(indent + 50);
  });
});
