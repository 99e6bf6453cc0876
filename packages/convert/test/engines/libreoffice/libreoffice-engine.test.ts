// Runs the real LibreOffice (soffice + python3-uno) through the pool. CI installs both.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConversionError } from '../../../src/conversion-error.js';
import { createLibreOfficeEngine, type LibreOfficeEngine } from '../../../src/engines/libreoffice/libreoffice-engine.js';
import type { OfficePoolEvent } from '../../../src/engines/libreoffice/office-pool-event.js';
import { buildDocx } from '../../../../../test/support/docx-builder.js';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { startHitCountingServer, buildPng, type HitCountingServer } from '../../../../../test/support/hit-counting-server.js';
import { countPdfImages, docxText, zipEntryNames } from '../../../../../test/support/inspect-output.js';
import { buildFramedResourcesHtml, buildLinkedImagesHtml, buildLinkedResourceDocx } from '../../support/linked-resource-documents.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const normalize = (text: string) => text.replace(/\s+/g, ' ');

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

// An HTML table long enough that LibreOffice needs seconds to lay it out.
function slowHtml(rows: number): Uint8Array {
  const cells = Array.from({ length: rows }, (_, i) => `<tr><td>row ${i}</td><td>${'lorem ipsum '.repeat(8)}</td></tr>`);
  return utf8(`<html><body><table>${cells.join('')}</table></body></html>`);
}

describe('createLibreOfficeEngine', () => {
  let engine: LibreOfficeEngine;
  const events: OfficePoolEvent[] = [];

  beforeAll(() => {
    engine = createLibreOfficeEngine({ onEvent: (event) => events.push(event) });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('converts real DOCX files to PDF with their text', async () => {
    const cases: Array<[string, string[]]> = [
      ['docx/pandoc-headers.docx', ['A Test of Headers', 'Second Level', 'Sixth level']],
      ['docx/docxjs-numbering.docx', ['Bullets', 'one', 'three']],
      ['docx/pandoc-unicode.docx', ['Hello, 世界. This costs €10.']],
    ];
    for (const [path, expected] of cases) {
      const result = await engine.convert(await fixture(path), { from: 'docx', to: 'pdf' });
      expect(result.contentType).toBe('application/pdf');
      const text = normalize(await pdfToText(result.bytes));
      for (const line of expected) expect(text, path).toContain(line);
    }
  }, 60_000);

  it('prints a DOCX\'s tracked changes as if accepted, as the built-in engine\'s default markup none does', async () => {
    const result = await engine.convert(await fixture('docx/superdoc-msword-tracked-changes.docx'), { from: 'docx', to: 'pdf' });
    const text = normalize(await pdfToText(result.bytes));
    expect(text).toContain('MS Word cool sentence');
    expect(text).toContain('New text');
    expect(text).not.toContain('basic');
    expect(text).not.toContain('Delete me');
  }, 60_000);

  it('converts DOCX files with comments to PDF without crashing LibreOffice', async () => {
    const pid = engine.pids[0];
    const rich = await engine.convert(await fixture('docx/python-docx-comments-rich-para.docx'), { from: 'docx', to: 'pdf' });
    expect(normalize(await pdfToText(rich.bytes))).toContain('Some text worthy of note.');
    const gdocs = await engine.convert(await fixture('docx/superdoc-gdocs-comments-export.docx'), { from: 'docx', to: 'pdf' });
    expect(normalize(await pdfToText(gdocs.bytes))).toContain('I am a document');
    expect(engine.pids[0]).toBe(pid);
  });

  it('keeps comments when converting DOCX to DOCX', async () => {
    const result = await engine.convert(await fixture('docx/python-docx-comments-rich-para.docx'), { from: 'docx', to: 'docx' });
    expect(result.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docxText(result.bytes)).toContain('Some text worthy of note.');
    expect(zipEntryNames(result.bytes)).toContain('word/comments.xml');
  });

  it('converts HTML to PDF and to DOCX, also pages with http-equiv meta elements', async () => {
    const html = await fixture('html/pandoc-html-reader.html');
    const pdf = await engine.convert(html, { from: 'html', to: 'pdf' });
    const pdfText = normalize(await pdfToText(pdf.bytes));
    expect(pdfText).toContain('Pandoc Test Suite');
    expect(pdfText).toContain('Level 2 with an embedded link');
    const docx = await engine.convert(html, { from: 'html', to: 'docx' });
    expect(normalize(docxText(docx.bytes))).toContain('Pandoc Test Suite');
  });

  it('converts Markdown to PDF and DOCX through Quire\'s reader and DOCX writer, tables, task lists and footnotes included', async () => {
    const markdown = utf8('# Quarterly report\n\n- [x] shipped\n- [ ] planned\n\n| Region | Sales |\n|---|---|\n| North | 12 |\n\nA claim[^1].\n\n[^1]: The source.\n');
    const pdf = await engine.convert(markdown, { from: 'md', to: 'pdf' });
    const pdfText = normalize(await pdfToText(pdf.bytes));
    expect(pdfText).toContain('Quarterly report');
    expect(pdfText).toMatch(/☒\s?shipped/);
    expect(pdfText).toContain('North');
    expect(pdfText).toMatch(/A claim1\. .*1\s?The source\./);
    const withNote = await engine.convert(markdown, { from: 'md', to: 'docx' });
    expect(zipEntryNames(withNote.bytes)).toContain('word/footnotes.xml');
    const docx = await engine.convert(await fixture('markdown/pandoc-pipe-tables.md'), { from: 'md', to: 'docx' });
    expect(docxText(docx.bytes)).toContain('Default1');
  });

  it('numbers a numbered sub-list under a bullet as the built-in engine does, also when an earlier bullet holds a bulleted one', async () => {
    const markdown = utf8('- Fruit\n  - apple\n- Vegetables\n  1. kale\n  2. leek\n');
    const text = normalize(await pdfToText((await engine.convert(markdown, { from: 'md', to: 'pdf' })).bytes));
    expect(text).toMatch(/1\. kale 2\. leek/);
  });

  it('serialises two concurrent conversions on a pool of one process', async () => {
    const from = events.length;
    const [first, second] = await Promise.all([
      engine.convert(await fixture('docx/pandoc-headers.docx'), { from: 'docx', to: 'pdf' }),
      engine.convert(await fixture('docx/pandoc-unicode.docx'), { from: 'docx', to: 'pdf' }),
    ]);
    expect(normalize(await pdfToText(first.bytes))).toContain('A Test of Headers');
    expect(normalize(await pdfToText(second.bytes))).toContain('This costs €10.');
    const jobs = events.slice(from).filter((event) => event.type === 'job-started' || event.type === 'job-finished');
    expect(jobs.map((event) => event.type)).toEqual(['job-started', 'job-finished', 'job-started', 'job-finished']);
    expect(new Set(jobs.map((event) => event.pid)).size).toBe(1);
  });

  it('rejects a DOCX whose document part is not XML as invalid input and keeps serving', async () => {
    const broken = zipSync({
      '[Content_Types].xml': utf8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': utf8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': utf8('<w:document garbage <<<< not xml'),
    });
    const pid = engine.pids[0];
    const error = await rejection(engine.convert(broken, { from: 'docx', to: 'pdf' }));
    expect(isConversionError(error) && ['CONVERT_INPUT_INVALID', 'CONVERT_ENGINE_FAILED'].includes(error.code)).toBe(true);
    const next = await engine.convert(await fixture('docx/pandoc-headers.docx'), { from: 'docx', to: 'pdf' });
    expect(normalize(await pdfToText(next.bytes))).toContain('A Test of Headers');
    expect(engine.pids[0]).toBe(pid);
  });

  it('rejects input that is not of the declared format, and a zip bomb, before LibreOffice sees them', async () => {
    const before = events.filter((event) => event.type === 'job-started').length;
    const notZip = await rejection(engine.convert(utf8('# not a zip'), { from: 'docx', to: 'pdf' }));
    expect(isConversionError(notZip) && notZip.code).toBe('CONVERT_INPUT_INVALID');
    const bomb = buildDocx({ extraEntries: { 'word/media/zeros.bin': new Uint8Array(8 * 1024 * 1024) } });
    const bombError = await rejection(engine.convert(bomb, { from: 'docx', to: 'pdf' }));
    expect(isConversionError(bombError) && bombError.code).toBe('CONVERT_INPUT_INVALID');
    expect((bombError as Error).message).toMatch(/inflates more than 200 times/);
    expect(events.filter((event) => event.type === 'job-started').length).toBe(before);
  });

  describe('with documents naming remote and local resources', () => {
    let server: HitCountingServer;
    let scratch: string;
    let localImage: string;
    let localText: string;

    beforeAll(async () => {
      server = await startHitCountingServer();
      scratch = await mkdtemp(join(tmpdir(), 'quire-linked-'));
      localImage = join(scratch, 'local.png');
      localText = join(scratch, 'secret.txt');
      await writeFile(localImage, buildPng(16, 16));
      await writeFile(localText, 'QUIRE-LOCAL-SECRET-7731');
    });
    afterAll(async () => {
      await server.close();
      await rm(scratch, { recursive: true, force: true });
    });

    it('names resources that an unprotected LibreOffice does fetch', async () => {
      await convertWithLibreOffice(new Map([['linked.docx', buildLinkedResourceDocx(server.url, localImage)]]), 'pdf');
      expect(server.hits.length).toBeGreaterThan(0);
      server.hits.length = 0;
    }, 60_000);

    it('never fetches them nor embeds local files, for DOCX and HTML to PDF and DOCX', async () => {
      const docx = buildLinkedResourceDocx(server.url, localImage);
      const images = buildLinkedImagesHtml(server.url, localImage);
      const frames = buildFramedResourcesHtml(server.url, localText);
      const docxPdf = await engine.convert(docx, { from: 'docx', to: 'pdf' });
      const imagesPdf = await engine.convert(images, { from: 'html', to: 'pdf' });
      const framesPdf = await engine.convert(frames, { from: 'html', to: 'pdf' });
      await engine.convert(docx, { from: 'docx', to: 'docx' });
      const imagesDocx = await engine.convert(images, { from: 'html', to: 'docx' });
      const framesDocx = await engine.convert(frames, { from: 'html', to: 'docx' });
      expect(server.hits).toEqual([]);
      expect(normalize(await pdfToText(docxPdf.bytes))).toContain('Linked pictures follow');
      expect(normalize(await pdfToText(imagesPdf.bytes))).toContain('Linked resources follow');
      expect(await countPdfImages(docxPdf.bytes)).toBe(0);
      expect(await countPdfImages(imagesPdf.bytes)).toBe(0);
      expect(zipEntryNames(imagesDocx.bytes).filter((name) => name.startsWith('word/media/'))).toEqual([]);
      expect(normalize(await pdfToText(framesPdf.bytes))).toContain('Framed resources follow');
      expect(await pdfToText(framesPdf.bytes)).not.toContain('QUIRE-LOCAL-SECRET');
      expect(docxText(framesDocx.bytes)).not.toContain('QUIRE-LOCAL-SECRET');
      // The server was reachable all along.
      await fetch(`${server.url}/probe.png`);
      expect(server.hits).toEqual(['/probe.png']);
    });
  });
});

describe('createLibreOfficeEngine limits', () => {
  it('stops a conversion past its time limit, restarts the process, and the next conversion works', async () => {
    const events: OfficePoolEvent[] = [];
    const engine = createLibreOfficeEngine({ onEvent: (event) => events.push(event) });
    try {
      await engine.convert(utf8('<p>warm up</p>'), { from: 'html', to: 'pdf' });
      const before = engine.pids[0];
      const error = await rejection(engine.convert(slowHtml(3000), { from: 'html', to: 'pdf', timeoutMs: 400 }));
      expect(isConversionError(error) && error.code).toBe('CONVERT_TIMEOUT');
      // Ended by its time limit, not by finishing late: however slow the machine, there is no upper bound to assert on.
      expect(events).toContainEqual(expect.objectContaining({ type: 'job-finished', pid: before, outcome: 'timeout' }));
      expect(events).toContainEqual({ type: 'worker-stopped', worker: 0, pid: before, reason: 'timeout' });
      const next = await engine.convert(await fixture('docx/pandoc-headers.docx'), { from: 'docx', to: 'pdf' });
      expect(normalize(await pdfToText(next.bytes))).toContain('A Test of Headers');
      expect(engine.pids[0]).not.toBe(before);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('rejects with the abort reason when the caller aborts a running conversion, and keeps serving', async () => {
    const events: OfficePoolEvent[] = [];
    const engine = createLibreOfficeEngine({ onEvent: (event) => events.push(event) });
    try {
      await engine.convert(utf8('<p>warm up</p>'), { from: 'html', to: 'pdf' });
      const before = engine.pids[0];
      const controller = new AbortController();
      const pending = engine.convert(slowHtml(3000), { from: 'html', to: 'pdf', signal: controller.signal });
      setTimeout(() => controller.abort(new Error('client went away')), 500);
      const error = await rejection(pending);
      expect((error as Error).message).toBe('client went away');
      expect(events).toContainEqual({ type: 'worker-stopped', worker: 0, pid: before, reason: 'abort' });
      const next = await engine.convert(utf8('<p>after abort</p>'), { from: 'html', to: 'pdf' });
      expect(await pdfToText(next.bytes)).toContain('after abort');
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('restarts a process after maxConversionsPerProcess conversions and refuses work beyond the queue bound', async () => {
    const events: OfficePoolEvent[] = [];
    const engine = createLibreOfficeEngine({ maxConversionsPerProcess: 2, maxQueueLength: 1, onEvent: (event) => events.push(event) });
    try {
      const input = utf8('<p>recycled</p>');
      await engine.convert(input, { from: 'html', to: 'pdf' });
      const first = engine.pids[0];
      await engine.convert(input, { from: 'html', to: 'pdf' });
      const third = await engine.convert(input, { from: 'html', to: 'pdf' });
      expect(await pdfToText(third.bytes)).toContain('recycled');
      expect(events).toContainEqual({ type: 'worker-stopped', worker: 0, pid: first, reason: 'recycle' });
      const pids = events.filter((event) => event.type === 'job-finished').map((event) => event.pid);
      expect(pids[0]).toBe(pids[1]);
      expect(pids[2]).not.toBe(pids[0]);

      // One conversion runs, one waits, and the third finds the queue full (in whatever order they arrive).
      const outcomes = await Promise.allSettled([1, 2, 3].map(() => engine.convert(input, { from: 'html', to: 'pdf' })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
      const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      expect(refused).toMatchObject([{ code: 'CONVERT_BUSY', reason: 'queue_full' }]);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('withdraws a conversion that waited for a process past maxQueueWaitMs with CONVERT_BUSY, never starting it, and keeps serving', async () => {
    const events: OfficePoolEvent[] = [];
    let firstStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const engine = createLibreOfficeEngine({
      maxQueueWaitMs: 1,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'job-started') firstStarted();
      },
    });
    try {
      // The one process holds the slow conversion for seconds: the next one waits past 1 ms.
      const running = engine.convert(slowHtml(1500), { from: 'html', to: 'pdf' });
      await started;
      const refused = await rejection(engine.convert(utf8('<p>second</p>'), { from: 'html', to: 'pdf' }));
      expect(refused).toMatchObject({ code: 'CONVERT_BUSY', reason: 'queue_wait', message: 'The conversion waited 1 ms for a free LibreOffice process and was not started.' });
      const patient = engine.convert(utf8('<p>patient</p>'), { from: 'html', to: 'pdf', maxQueueWaitMs: 600_000 });
      await running;
      expect(await pdfToText((await patient).bytes)).toContain('patient');
      expect(events.filter((event) => event.type === 'job-started')).toHaveLength(2);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('fails with CONVERT_ENGINE_UNAVAILABLE when soffice does not exist, and after close', async () => {
    const missing = createLibreOfficeEngine({ sofficePath: '/nonexistent/soffice', pythonPath: '/usr/bin/python3', startTimeoutMs: 2000 });
    const error = await rejection(missing.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }));
    expect(isConversionError(error) && error.code).toBe('CONVERT_ENGINE_UNAVAILABLE');
    await missing.close();
    const closed = await rejection(missing.convert(utf8('<p>x</p>'), { from: 'html', to: 'pdf' }));
    expect(isConversionError(closed) && closed.code).toBe('CONVERT_ENGINE_UNAVAILABLE');
  });
});
