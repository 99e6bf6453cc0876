import { describe, expect, it } from 'vitest';
import { buildReportHtml } from '../../fidelity/build-report-html.js';
import type { ReferenceFonts } from '../../fidelity/create-fidelity-engines.js';
import type { FidelityRow } from '../../fidelity/fidelity-row.js';
import { summarizeScores } from '../../fidelity/summarize-scores.js';
import { failedRow, scoredRow } from './rows.js';

function build(rows: FidelityRow[], threshold = 0.9, referenceFonts: ReferenceFonts = 'writer'): string {
  return buildReportHtml({
    rows,
    summary: summarizeScores(rows, threshold),
    inputDir: 'test/fixtures/docx',
    dpi: 60,
    referenceFonts,
    generatedAt: '2026-01-02T03:04:05.000Z',
  });
}

describe('buildReportHtml', () => {
  it('escapes file names, image paths and error messages', () => {
    const hostile = scoredRow('<script>alert("x")</script> & \'q\'.docx', 0.5);
    const html = build([hostile, failedRow('<img src=x onerror=1>.docx', 'bad <b>input</b>')]);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>input</b>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;q&#39;.docx');
    expect(html).toContain('bad &#60;b&#62;input&#60;/b&#62;');
  });

  it('shows every document with both images, its score, page counts and times, worst first', () => {
    const html = build([scoredRow('good.docx', 0.987), scoredRow('bad.docx', 0.412), failedRow('broken.docx', 'CONVERT_INPUT_INVALID')]);
    expect(html.match(/<section class="document">/g)).toHaveLength(3);
    const order = ['broken.docx', 'bad.docx', 'good.docx'].map((name) => html.indexOf(`<h2>${name}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('src="images/good.docx-builtin.png"');
    expect(html).toContain('src="images/good.docx-libreoffice.png"');
    expect(html).toContain('0.987');
    expect(html).toContain('0.412');
    expect(html).toContain('built-in: 120 ms, 2 pages');
    expect(html).toContain('LibreOffice: 480 ms, 3 pages');
    expect(html).toContain('CONVERT_INPUT_INVALID');
  });

  it('puts the summary at the top: median, mean and the count below the threshold', () => {
    const html = build([scoredRow('a.docx', 0.5), scoredRow('b.docx', 0.7), scoredRow('c.docx', 0.95)], 0.8);
    const summary = html.slice(0, html.indexOf('<section'));
    expect(summary).toContain('<tr><td>median score</td><td>0.700</td></tr>');
    expect(summary).toContain('<tr><td>mean score</td><td>0.717</td></tr>');
    expect(summary).toContain('<tr><td>below 0.800</td><td>2</td></tr>');
  });

  it('puts the page check in the summary and in each document: page counts as LibreOffice’s, and pages that start alike', () => {
    const rows = [
      { ...scoredRow('a.docx', 0.9), pages: { samePageCount: true, referencePages: 3, sameStarts: 3 } },
      { ...scoredRow('b.docx', 0.8), pages: { samePageCount: false, referencePages: 5, sameStarts: 2 } },
    ];
    const html = build(rows);
    const summary = html.slice(0, html.indexOf('<section'));
    expect(summary).toContain("<tr><td>page count as LibreOffice's</td><td>1 of 2 documents (50.0%)</td></tr>");
    expect(summary).toContain("<tr><td>pages starting with LibreOffice's words</td><td>5 of 8 pages (62.5%)</td></tr>");
    expect(html).toContain('b.docx — score <span class="score low">0.800</span>; 2 of 5 pages start alike</h2>');
  });

  it('says when the page sizes differed', () => {
    const row = { ...scoredRow('a4.docx', 0.6), sameSize: false };
    expect(build([row])).toContain('page sizes differ');
    expect(build([scoredRow('letter.docx', 0.6)])).not.toContain('page sizes differ');
  });

  it("says in the header which fonts the reference LibreOffice had", () => {
    const header = (html: string) => html.slice(0, html.indexOf('<table'));
    expect(header(build([scoredRow('a.docx', 0.9)]))).toContain('LibreOffice had the fonts Word would have');
    expect(header(build([scoredRow('a.docx', 0.9)]))).toContain('Carlito for Calibri');
    expect(header(build([scoredRow('a.docx', 0.9)], 0.9, 'system'))).toContain("LibreOffice had the system's fonts only (--system-fonts)");
  });
});
