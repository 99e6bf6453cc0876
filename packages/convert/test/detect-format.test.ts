import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkDeclaredFormat, detectFormat, isDocxPackage, resolveInputFormat } from '../src/detect-format.js';
import { buildDocx } from '../../../test/support/docx-builder.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('detects a real DOCX as docx whatever its name', async () => {
    const docx = await fixture('docx/pandoc-headers.docx');
    expect(await detectFormat(docx)).toEqual({ ok: true, format: 'docx' });
    expect(await detectFormat(docx, { fileName: 'notes.md' })).toEqual({ ok: true, format: 'docx' });
  });

  it('detects a DOCX whose main part is not at the usual path, found through relationships', async () => {
    expect(await detectFormat(buildDocx({ mainPartName: '/content/main.xml' }))).toEqual({ ok: true, format: 'docx' });
  });

  it('refuses a zip that is not an Office package, and a spreadsheet', async () => {
    const plainZip = zipSync({ 'readme.txt': utf8('hello') });
    const plain = await detectFormat(plainZip);
    expect(plain.ok).toBe(false);
    const spreadsheet = buildDocx({
      contentTypesXml:
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    });
    const detected = await detectFormat(spreadsheet);
    expect(detected.ok === false && detected.reason).toMatch(/not a Word document/);
  });

  it('refuses a truncated DOCX', async () => {
    const docx = await fixture('docx/pandoc-headers.docx');
    expect((await detectFormat(docx.subarray(0, docx.length / 2))).ok).toBe(false);
  });

  it('takes text at its file name: .md is Markdown even when it starts with a tag, .html is HTML', async () => {
    expect(await detectFormat(utf8('<div>raw html first</div>'), { fileName: 'README.md' })).toEqual({ ok: true, format: 'md' });
    expect(await detectFormat(utf8('just words'), { fileName: 'C:\\docs\\page.HTM' })).toEqual({ ok: true, format: 'html' });
  });

  it('detects HTML from a doctype, an html element, or a leading tag without Markdown syntax', async () => {
    expect(await detectFormat(utf8('\uFEFF  <!DOCTYPE html><p>x</p>'))).toEqual({ ok: true, format: 'html' });
    expect(await detectFormat(utf8('<?xml version="1.0"?>\n<!-- c -->\n<html lang="en"><body>x</body></html>'))).toEqual({ ok: true, format: 'html' });
    expect(await detectFormat(utf8('<p>one</p>\n<ul><li>two</li></ul>'))).toEqual({ ok: true, format: 'html' });
  });

  it('detects Markdown for plain text and for text that starts with raw HTML but has Markdown blocks', async () => {
    expect(await detectFormat(await fixture('markdown/pandoc-pipe-tables.md'))).toEqual({ ok: true, format: 'md' });
    expect(await detectFormat(utf8('<p align="center"><img src="logo.png"></p>\n\n# Project\n\n- item'))).toEqual({ ok: true, format: 'md' });
    expect(await detectFormat(utf8('Use the <body> element.'))).toEqual({ ok: true, format: 'md' });
  });

  it('detects the HTML fixture as HTML without a name', async () => {
    expect(await detectFormat(await fixture('html/pandoc-html-reader.html'))).toEqual({ ok: true, format: 'html' });
  });

  it('accepts legacy 8-bit text as text', async () => {
    const windows1252 = Uint8Array.from([...utf8('<html><body>caf'), 0xe9, 0x93, ...utf8('</body></html>')]);
    expect(await detectFormat(windows1252)).toEqual({ ok: true, format: 'html' });
  });

  it.each([
    ['empty input', new Uint8Array(), /empty/],
    ['a legacy .doc', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /legacy Word \.doc/],
    ['a PDF', utf8('%PDF-1.7\n...'), /PDF/],
    ['RTF', utf8('{\\rtf1\\ansi hello}'), /RTF/],
    ['UTF-16 text', Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0x70, 0x00]), /UTF-16/],
    ['a PNG', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /binary/],
    ['control characters', Uint8Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41)), /binary/],
  ])('refuses %s with a reason', async (_, bytes, reason) => {
    const detected = await detectFormat(bytes);
    expect(detected.ok === false && detected.reason).toMatch(reason);
  });

  it('refuses text named .docx', async () => {
    const detected = await detectFormat(utf8('# notes'), { fileName: 'report.docx' });
    expect(detected.ok === false && detected.reason).toMatch(/named \.docx but is text/);
  });
});

describe('checkDeclaredFormat', () => {
  it('accepts a DOCX declared as docx and text declared as md or html', async () => {
    expect(await checkDeclaredFormat(await fixture('docx/pandoc-unicode.docx'), 'docx')).toEqual({ ok: true });
    expect(await checkDeclaredFormat(utf8('<h1>x</h1>'), 'md')).toEqual({ ok: true });
    expect(await checkDeclaredFormat(utf8('# x'), 'html')).toEqual({ ok: true });
  });

  it('refuses text declared as docx and a DOCX declared as md', async () => {
    expect((await checkDeclaredFormat(utf8('# x'), 'docx')).ok).toBe(false);
    const declaredMd = await checkDeclaredFormat(await fixture('docx/pandoc-unicode.docx'), 'md');
    expect(declaredMd.ok === false && declaredMd.reason).toMatch(/declared as md but is a DOCX/);
  });

  it('refuses binary declared as html', async () => {
    expect((await checkDeclaredFormat(Uint8Array.from([0, 1, 2, 3]), 'html')).ok).toBe(false);
  });
});

describe('resolveInputFormat', () => {
  it('takes a zip for docx from its first bytes, leaving the check of what it holds to the engine that opens it', async () => {
    const notWord = zipSync({ 'readme.txt': utf8('hello') });
    expect(await resolveInputFormat(notWord)).toEqual({ ok: true, format: 'docx' });
    expect(await resolveInputFormat(notWord, { from: 'docx', fileName: 'notes.md' })).toEqual({ ok: true, format: 'docx' });
    expect(await resolveInputFormat(utf8('<div>raw html first</div>'), { fileName: 'README.md' })).toEqual({ ok: true, format: 'md' });
    expect(await resolveInputFormat(utf8('<p>x</p>'), { from: 'md', fileName: 'page.html' })).toEqual({ ok: true, format: 'md' });
  });

  it('names the format the content is when it is not the declared one', async () => {
    expect(await resolveInputFormat(utf8('<!DOCTYPE html><p>x</p>'), { from: 'docx' })).toEqual({ ok: false, reason: 'The input was declared as docx but is text.', detected: 'html' });
    expect(await resolveInputFormat(utf8('# x'), { from: 'docx' })).toMatchObject({ ok: false, detected: 'md' });
    expect(await resolveInputFormat(await fixture('docx/pandoc-unicode.docx'), { from: 'html' })).toEqual({
      ok: false,
      reason: 'The input was declared as html but is a DOCX package.',
      detected: 'docx',
    });
  });

  it('refuses a zip declared as text that holds no Word document with the reason, naming no format', async () => {
    const refused = await resolveInputFormat(zipSync({ 'readme.txt': utf8('hello') }), { from: 'md' });
    expect(refused).toEqual({ ok: false, reason: expect.stringMatching(/not an Office document/) });
    expect(await resolveInputFormat(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d]), { from: 'html' })).toEqual({ ok: false, reason: 'The input is a PDF; PDF is an output format only.' });
  });
});

describe('isDocxPackage', () => {
  it('is true for a Word package with the main content type and false for other zips', async () => {
    expect(await isDocxPackage(buildDocx())).toBe(true);
    expect(await isDocxPackage(zipSync({ 'a.txt': utf8('a') }))).toBe(false);
  });
});
