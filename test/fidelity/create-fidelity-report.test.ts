// Runs the whole report on two real fixtures with the real LibreOffice, pdftoppm and pdfinfo (CI installs them).
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineRegistry } from '../../packages/convert/src/create-engines.js';
import { createFidelityEngines } from '../../fidelity/create-fidelity-engines.js';
import { createFidelityReport, type FidelityReport } from '../../fidelity/create-fidelity-report.js';
import { findFidelityTools } from '../../fidelity/find-tools.js';
import { readPngSize } from '../../fidelity/rgba-image.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/docx/${name}`, import.meta.url));
const ODD_NAME = 'headers <copy> & "quotes".docx';

describe('createFidelityReport', () => {
  let work: string;
  let engines: EngineRegistry;
  let report: FidelityReport;

  beforeAll(async () => {
    const found = findFidelityTools();
    if (!found.ok) throw new Error(`These tests need LibreOffice and poppler-utils: ${found.message}`);
    work = await mkdtemp(join(tmpdir(), 'quire-fidelity-'));
    const inputDir = join(work, 'in');
    await mkdir(inputDir);
    await copyFile(fixture('pandoc-headers.docx'), join(inputDir, ODD_NAME));
    await copyFile(fixture('docxjs-page-layout.docx'), join(inputDir, 'docxjs-page-layout.docx'));
    await writeFile(join(inputDir, 'zz-not-a-docx.docx'), 'plain text, not a zip');
    await writeFile(join(inputDir, 'notes.txt'), 'ignored: not a .docx');
    await mkdir(join(work, 'report', 'images'), { recursive: true });
    await writeFile(join(work, 'report', 'images', '099-from-an-earlier-run-builtin.png'), 'old');
    await writeFile(join(work, 'report', 'images', 'holiday.png'), 'not the report\'s');
    engines = await createFidelityEngines({ soffice: found.tools.soffice });
    report = await createFidelityReport({
      inputDir,
      outDir: join(work, 'report'),
      engines,
      referenceFonts: 'writer',
      pdftoppm: found.tools.pdftoppm,
      pdfinfo: found.tools.pdfinfo,
      pdftotext: found.tools.pdftotext,
    });
  }, 180_000);

  afterAll(async () => {
    await engines?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('scores every DOCX of the folder and ignores other files', () => {
    expect(report.rows.map((row) => row.name).sort()).toEqual(['docxjs-page-layout.docx', ODD_NAME, 'zz-not-a-docx.docx']);
    expect(report.summary).toMatchObject({ documents: 3, scored: 2, failed: 1 });
    for (const row of report.rows.filter((r) => r.name !== 'zz-not-a-docx.docx')) {
      expect(row.score).toBeGreaterThan(0);
      expect(row.score).toBeLessThanOrEqual(1);
      expect(row.builtin.pages).toBeGreaterThanOrEqual(1);
      expect(row.libreoffice.pages).toBeGreaterThanOrEqual(1);
      expect(row.builtin.ms).toBeGreaterThan(0);
      expect(row.libreoffice.ms).toBeGreaterThan(0);
    }
  });

  it('reads where every page of both PDFs starts and counts the pages that start alike', () => {
    for (const row of report.rows.filter((r) => r.score !== undefined)) {
      expect(row.builtin.pageStarts).toHaveLength(row.builtin.pages!);
      expect(row.libreoffice.pageStarts).toHaveLength(row.libreoffice.pages!);
      // Both fixtures open with text: page 1 starts with words in both PDFs.
      expect(row.libreoffice.pageStarts![0]).toMatch(/\S/);
      expect(row.pages).toEqual({
        samePageCount: row.builtin.pages === row.libreoffice.pages,
        referencePages: row.libreoffice.pages,
        sameStarts: row.libreoffice.pageStarts!.filter((start, index) => row.builtin.pageStarts![index] === start).length,
      });
    }
    const compared = report.rows.filter((r) => r.pages);
    expect(report.summary.pages).toEqual({
      compared: compared.length,
      samePageCount: compared.filter((r) => r.pages!.samePageCount).length,
      referencePages: compared.reduce((sum, r) => sum + r.pages!.referencePages, 0),
      sameStarts: compared.reduce((sum, r) => sum + r.pages!.sameStarts, 0),
    });
    expect(report.summary.pages.compared).toBe(2);
  });

  it('writes page-1 renderings at 60 dpi next to the HTML page', async () => {
    for (const row of report.rows.filter((r) => r.score !== undefined)) {
      for (const side of [row.builtin, row.libreoffice]) {
        expect(side.image).toMatch(/^images\/[A-Za-z0-9._-]+\.png$/);
        const size = readPngSize(new Uint8Array(await readFile(join(work, 'report', side.image ?? ''))));
        expect(size).toEqual(side.size);
        // 60 dpi: A4 and US Letter pages are 496-510 px wide and 660-702 px tall (or the other way round).
        expect(Math.min(size.width, size.height)).toBeGreaterThan(400);
        expect(Math.max(size.width, size.height)).toBeLessThan(800);
      }
    }
  });

  it('removes the images of an earlier run and keeps other files of the folder', async () => {
    const names = await readdir(join(work, 'report', 'images'));
    expect(names).not.toContain('099-from-an-earlier-run-builtin.png');
    expect(names).toContain('holiday.png');
    expect(names).toHaveLength(2 * 2 + 1);
  });

  it('records a document that will not convert as a failed row with its reason', () => {
    const broken = report.rows.find((row) => row.name === 'zz-not-a-docx.docx');
    expect(broken?.score).toBeUndefined();
    expect(broken?.builtin.error).toMatch(/CONVERT_INPUT_INVALID/);
    expect(broken?.libreoffice.error).toMatch(/CONVERT_INPUT_INVALID/);
  });

  it('writes an HTML page that links every rendering and shows every document escaped', async () => {
    const html = await readFile(report.htmlPath, 'utf8');
    expect(report.htmlPath).toBe(join(work, 'report', 'index.html'));
    expect(html).toContain('headers &#60;copy&#62; &#38; &#34;quotes&#34;.docx');
    expect(html).toContain('docxjs-page-layout.docx');
    expect(html).toContain('LibreOffice had the fonts Word would have');
    for (const row of report.rows) {
      for (const image of [row.builtin.image, row.libreoffice.image].filter((x) => x !== undefined)) expect(html).toContain(`src="${image}"`);
    }
    expect(html.indexOf('zz-not-a-docx.docx')).toBeLessThan(html.indexOf('docxjs-page-layout.docx'));
  });
});
