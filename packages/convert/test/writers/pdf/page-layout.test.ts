import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import type { DocumentDefaults } from '../../../../quire/src/model/index.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { listFonts, pageCount, pdfText, runPoppler, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, section, header, footer, p, field, img, pageBreak } = build;

const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Word {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/** Returns the words of page `page` with the top-left corner of each, from `pdftotext -bbox`. */
function words(pdf: Uint8Array, page: number): Word[] {
  const html = runPoppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '$PDF', '-'], pdf);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3] ?? '' }));
}

function lorem(count: number): ReturnType<typeof p>[] {
  return Array.from({ length: count }, (_, n) => p(`Line ${n + 1} ${'lorem ipsum dolor sit amet '.repeat(10)}`));
}

describe('writePdf page furniture', () => {
  it('shows in each footer the number of its own page and the page count', async () => {
    const pdf = await writePdf(
      doc(section(footer('default', p('Page ', field('PAGE', '1'), ' of ', field('NUMPAGES', '1'))), p('one'), pageBreak(), p('two'), pageBreak(), p('three'))),
    );
    expect(pageCount(pdf)).toBe(3);
    expect(squash(pdfText(pdf, 1))).toContain('Page 1 of 3');
    expect(squash(pdfText(pdf, 3))).toContain('Page 3 of 3');
  });

  it('restarts page numbers where a section says so, and counts every page for NUMPAGES', async () => {
    const numbered = (): ReturnType<typeof footer> => footer('default', p('Page ', field('PAGE'), ' of ', field('NUMPAGES')));
    const pdf = await writePdf(doc(section(numbered(), p('one'), pageBreak(), p('two')), section({ pageNumberStart: 1 }, numbered(), p('three'))));
    expect(squash(pdfText(pdf, 2))).toContain('Page 2 of 3');
    expect(squash(pdfText(pdf, 3))).toContain('Page 1 of 3');
  });

  it('numbers the pages of a Word document whose footers hold PAGE fields', async () => {
    const { value } = await readDocx(new Uint8Array(readFileSync(new URL('../../../../../test/fixtures/docx/superdoc-h_f-normal-odd-even.docx', import.meta.url))));
    const pdf = await writePdf(value);
    // The footers' cached results say 1 and 2 on every page.
    const third = squash(pdfText(pdf, 3));
    expect(third).toMatch(/^3 Odd page header/);
    expect(third).toMatch(/ 3 Odd page footer/);
    expect(squash(pdfText(pdf, 4))).toMatch(/^4 Even page header/);
  });

  it('moves the body below a header taller than the top margin', async () => {
    const tall = header('default', ...Array.from({ length: 8 }, (_, n) => p(`Header line ${n + 1}`)));
    const pdf = await writePdf(doc(section(tall, p('Body starts here'))));
    const headerBottom = Math.max(...words(pdf, 1).filter((word) => word.text === '8').map((word) => word.y));
    const body = words(pdf, 1).find((word) => word.text === 'Body');
    expect(headerBottom).toBeGreaterThan(72);
    expect(body?.y).toBeGreaterThan(headerBottom);
  });
});

describe('writePdf document defaults', () => {
  it('sets body text in the metric-compatible font of the document default font', async () => {
    const styles =
      '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults>' +
      '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>';
    const { value } = await readDocx(buildTestDocx({ styles, body: '<w:p><w:r><w:t>Plain text in the default font</w:t></w:r></w:p>' }));
    const fonts = listFonts(await writePdf(value)).map((font) => font.name);
    expect(fonts.some((name) => name.endsWith('+Arimo-Regular'))).toBe(true);
    expect(fonts.some((name) => name.includes('Carlito'))).toBe(false);
  });

  it('spaces body paragraphs as the document defaults say, not as Word\u2019s Normal style', async () => {
    const look = (spacing: DocumentDefaults['body']['spacing']): DocumentDefaults => ({
      body: { fontFamily: 'Calibri', fontSize: 11, bold: false, italic: false, color: null, spacing },
      headings: [],
    });
    const tight = await writePdf(doc({ defaults: look({ after: 0, line: 240, lineRule: 'auto' }) }, ...lorem(60)));
    const loose = await writePdf(doc({ defaults: look({ after: 480, line: 480, lineRule: 'auto' }) }, ...lorem(60)));
    expect(pageCount(loose)).toBeGreaterThan(2 * pageCount(tight));
  });
});

describe('writePdf columns and floating images', () => {
  it('flows the text of a two-column section down the left column, then the right one', async () => {
    const columns = { count: 2, space: 720 };
    const pdf = await writePdf(doc(section({ columns }, ...lorem(30))));
    const single = await writePdf(doc(section(...lorem(30))));
    const page = words(pdf, 1);
    const left = page.find((word) => word.text === 'Line');
    const right = page.filter((word) => word.text === 'Line' && word.x > 297.6);
    expect(left?.x).toBeLessThan(80);
    expect(right.length).toBeGreaterThan(0);
    // Each line holds half as much text, so the same words need about as many pages as one column.
    expect(Math.abs(pageCount(pdf) - pageCount(single))).toBeLessThanOrEqual(1);
  });

  it('runs text beside a square-wrapped image instead of below it', async () => {
    const image = img({ src: ONE_PIXEL_PNG, width: 2880, height: 2880, float: { wrap: 'square', x: 0, y: 0, align: null } });
    const pdf = await writePdf(doc(p(image, 'Beside the picture ', 'text '.repeat(40))));
    const first = words(pdf, 1).find((word) => word.text === 'Beside');
    // The 144 pt picture stands at the left margin (72 pt): the text starts to its right, at its top.
    expect(first?.x).toBeGreaterThan(72 + 144 - 1);
    expect(first?.y).toBeLessThan(72 + 30);
  });

  it('sets a top-and-bottom image on a band of its own, above the text of its paragraph', async () => {
    const image = img({ src: ONE_PIXEL_PNG, width: 2880, height: 2880, float: { wrap: 'topAndBottom', x: 1440, y: 0, align: null } });
    const pdf = await writePdf(doc(p(image, 'Below the picture')));
    const first = words(pdf, 1).find((word) => word.text === 'Below');
    expect(first?.x).toBeLessThan(80);
    expect(first?.y).toBeGreaterThan(72 + 144 - 1);
  });
});

describe('writePdf tables across pages', () => {
  it('keeps the rows of a vertically merged cell on one page', async () => {
    const { table, tr, td } = build;
    // Groups of three rows, each group joined by a merged first cell: 90 rows span several pages.
    const rows = Array.from({ length: 90 }, (_, n) =>
      n % 3 === 0 ? tr(td({ rowspan: 3 }, `Group${n / 3}`), td(`Row${n}`)) : tr(td(`Row${n}`)),
    );
    const pdf = await writePdf(doc(p('Before the table'), table(...rows)));
    const pages = Array.from({ length: pageCount(pdf) }, (_, index) => squash(pdfText(pdf, index + 1, 'raw')).split(' '));
    expect(pages.length).toBeGreaterThan(1);
    const pageOf = (word: string): number => pages.findIndex((words) => words.includes(word));
    for (let group = 0; group < 30; group += 1) {
      const first = pageOf(`Row${group * 3}`);
      expect(first, `Row${group * 3}`).toBeGreaterThanOrEqual(0);
      expect(pageOf(`Row${group * 3 + 2}`), `group ${group}`).toBe(first);
    }
  });
});

describe('writePdf internal links', () => {
  it('makes a #name link jump to the paragraph where the bookmark of that name starts', async () => {
    const { a } = build;
    const target = p({ anchors: ['details'] }, 'The details');
    const pdf = await writePdf(doc(p('See ', a('#details', 'the details'), ' and ', a('#nowhere', 'a lost link')), pageBreak(), target));
    const destinations = runPoppler('pdfinfo', ['-dests', '$PDF'], pdf);
    expect(destinations).toMatch(/^\s*2\s+\S+.*"details"/m);
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw.match(/\/S \/GoTo/g)?.length).toBe(1);
    expect(raw).toContain('/D (details)');
  });
});
