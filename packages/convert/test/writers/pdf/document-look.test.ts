import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { readDocumentLook } from 'quire/layout';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { listFonts, pageSizes, placedWords } from '../../../../../test/support/pdf-tools.js';
import { pageDrawings } from './pdf-drawings.js';
import type { DrawnLine, DrawnText } from './pdf-drawings.js';

const markdownPdf = (markdown: string) => writePdf(readMarkdown(markdown).value);
const isBar = (line: DrawnLine) => line.color === 'BFBFBF' && line.x1 === line.x2;
const leftOf = (texts: readonly DrawnText[]) => Math.min(...texts.map((text) => text.x));

describe('the PDF look of a document without styles of its own', () => {
  it("draws a Markdown heading in Word's Heading 1 look: Calibri Light (Carlito) 16 pt in 2F5496, not bold", async () => {
    const pdf = await markdownPdf('# Title\n\nSome text.\n');
    const heading = pageDrawings(pdf)[0]!.texts.filter((text) => text.size === 16);
    expect(heading.length).toBeGreaterThan(0);
    expect(new Set(heading.map((text) => text.color))).toEqual(new Set(['2F5496']));
    expect(listFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(['Carlito-Regular']);
  });

  it("lays out headings from Word's table: 12 pt before level 1 and 2 pt before the others, nothing after, level 4 in italics", () => {
    const look = readDocumentLook(readMarkdown('# One\n').value);
    expect(look.headings.map((heading) => heading.style.size)).toEqual([16, 13, 12, 11, 11, 11]);
    expect(look.headings.map((heading) => heading.style.color)).toEqual(['2F5496', '2F5496', '1F3763', '2F5496', '2F5496', '1F3763']);
    expect(look.headings.map((heading) => heading.style.bold)).toEqual(Array(6).fill(false));
    expect(look.headings.map((heading) => heading.style.italic)).toEqual([false, false, false, true, false, false]);
    expect(look.headings.map((heading) => [heading.spacing.before, heading.spacing.after])).toEqual([[240, 0], ...Array(5).fill([40, 0])]);
    expect(look.headings.map((heading) => heading.style.family)).toEqual(Array(6).fill('carlito'));
  });

  it("draws a block quote as Word's Block Text: grey 404040 text half an inch in from both sides, beside a 1.5 pt BFBFBF bar 8 pt to its left", async () => {
    const long = 'quoted words that run on '.repeat(12).trim();
    const pdf = await markdownPdf(`Plain text.\n\n> ${long}\n`);
    const { texts, lines } = pageDrawings(pdf)[0]!;
    const plain = texts.filter((text) => text.color === '000000');
    const quoted = texts.filter((text) => text.color === '404040');
    expect(quoted.length).toBeGreaterThan(1);
    expect(leftOf(quoted) - leftOf(plain)).toBeCloseTo(36, 1);
    const bars = lines.filter(isBar);
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) {
      expect(bar.width).toBeCloseTo(1.5, 2);
      expect(bar.x1).toBeCloseTo(leftOf(quoted) - 8 - 0.75, 1);
    }
    // Its lines break half an inch before the right margin (the page's margins are alike on both sides).
    const right = pageSizes(pdf)[0]!.width - leftOf(plain) - 36;
    const ends = placedWords(pdf, 1).filter((word) => word.text === 'on' || word.text === 'run' || word.text === 'quoted' || word.text === 'words' || word.text === 'that');
    expect(Math.max(...ends.map((word) => word.xMax))).toBeLessThanOrEqual(right);
    expect(Math.max(...ends.map((word) => word.xMax))).toBeGreaterThan(right - 40);
  });

  it('draws one bar beside paragraphs of a quote that follow one another, and each nested quote half an inch further in', async () => {
    const pdf = await markdownPdf('> First paragraph.\n>\n> Second paragraph.\n>\n> > Nested.\n');
    const bars = pageDrawings(pdf)[0]!.lines.filter(isBar).sort((a, b) => Math.min(a.y1, a.y2) - Math.min(b.y1, b.y2));
    const columns = [...new Set(bars.map((bar) => Math.round(bar.x1 * 100) / 100))].sort((a, b) => a - b);
    expect(columns).toHaveLength(2);
    expect(columns[1]! - columns[0]!).toBeCloseTo(36, 1);
    const outer = bars.filter((bar) => Math.abs(bar.x1 - columns[0]!) < 0.01);
    for (let index = 1; index < outer.length; index++) {
      expect(Math.min(outer[index]!.y1, outer[index]!.y2)).toBeCloseTo(Math.max(outer[index - 1]!.y1, outer[index - 1]!.y2), 2);
    }
  });

  it('draws a code block in Source Code: Courier New (Cousine) 10 pt on an F6F8FA ground', async () => {
    const pdf = await markdownPdf('Text.\n\n```\nconst x = 1;\n```\n');
    const { texts, rects } = pageDrawings(pdf)[0]!;
    expect(texts.some((text) => text.size === 10)).toBe(true);
    expect(rects.some((rect) => rect.color === 'F6F8FA')).toBe(true);
    expect(listFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toContain('Cousine-Regular');
  });
});

describe('the PDF look of a document with styles of its own (DOCX)', () => {
  const styles =
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/></w:rPr></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="112233"/><w:sz w:val="40"/></w:rPr></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="864" w:right="864"/></w:pPr><w:rPr><w:i/><w:color w:val="404040"/></w:rPr></w:style>';
  const body = '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Own heading</w:t></w:r></w:p><w:p><w:pPr><w:pStyle w:val="Quote"/></w:pPr><w:r><w:t>Own quote</w:t></w:r></w:p>';

  it('keeps its own heading look, and gives a level it leaves out Word\'s built-in one', async () => {
    const look = readDocumentLook((await readDocx(buildTestDocx({ styles, body }))).value);
    expect(look.headings[0]!.style).toMatchObject({ family: 'arimo', size: 20, bold: true, color: '112233' });
    expect(look.headings[1]!.style).toMatchObject({ family: 'carlito', size: 13, bold: false, color: '2F5496' });
  });

  it("draws a paragraph in a quote style of its own without Block Text's bar", async () => {
    const pdf = await writePdf((await readDocx(buildTestDocx({ styles, body }))).value);
    expect(pageDrawings(pdf)[0]!.lines.filter(isBar)).toEqual([]);
  });
});
