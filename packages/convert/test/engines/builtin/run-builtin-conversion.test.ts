import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isConversionError } from '../../../src/conversion-error.js';
import { runBuiltinConversion } from '../../../src/engines/builtin/run-builtin-conversion.js';
import { identifyDocument } from '../../../../quire/src/identity/identify-document.js';
import { FontCatalog } from '../../../src/writers/pdf/index.js';
import { pdfText, placedWords } from '../../../../../test/support/pdf-tools.js';
import { buildDocx, buildDocxEntries, buildZip, REL } from '../../../../../test/support/docx-builder.js';
import { docxText, zipEntryNames } from '../../../../../test/support/inspect-output.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const normalize = (text: string) => text.replace(/\s+/g, ' ');
const docxPart = (docx: Uint8Array, name: string) => strFromU8(unzipSync(docx, { filter: (file) => file.name === name })[name]!);
const documentXml = (docx: Uint8Array) => docxPart(docx, 'word/document.xml');
const fixedClock = { now: () => new Date('2026-02-03T04:05:06Z') };

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isConversionError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a ConversionError');
}

describe('runBuiltinConversion', () => {
  it('converts Markdown to a DOCX with heading styles, numbered lists and the text', async () => {
    const output = await runBuiltinConversion(await fixture('markdown/pandoc-pipe-tables.md'), 'md', 'docx');
    expect(docxText(output.bytes)).toContain('Demonstration of simple table syntax.');
    const small = await runBuiltinConversion(utf8('# Plan\n\n1. first\n2. second\n'), 'md', 'docx');
    const xml = documentXml(small.bytes);
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('<w:numPr>');
    expect(docxText(small.bytes)).toMatch(/Plan[\s\S]*first[\s\S]*second/);
  });

  it('converts Markdown footnotes to Word footnotes that the text refers to', async () => {
    const output = await runBuiltinConversion(utf8('A claim[^src] and a note^[Inline.].\n\n[^src]: The *source*.\n'), 'md', 'docx');
    const body = documentXml(output.bytes);
    expect(body).toMatch(/A claim<\/w:t><\/w:r><w:r>(?:<w:rPr>.*?<\/w:rPr>)?<w:footnoteReference w:id="1"\/>/);
    expect(body).toContain('<w:footnoteReference w:id="2"/>');
    expect(body).not.toContain('[^');
    const notes = docxPart(output.bytes, 'word/footnotes.xml');
    expect(notes).toMatch(/<w:footnote w:id="1">.*The .*source.*<\/w:footnote>/);
    expect(notes).toMatch(/<w:footnote w:id="2">.*Inline\..*<\/w:footnote>/);
  });

  it('converts Markdown footnotes to PDF footnotes at the bottom of the page, numbered where the text refers to them', async () => {
    const output = await runBuiltinConversion(utf8('A claim[^src] ends here.\n\nNext paragraph.\n\n[^src]: The source.\n'), 'md', 'pdf');
    const text = normalize(pdfText(output.bytes, 1, 'raw'));
    expect(text).toContain('A claim1 ends here.');
    expect(text).not.toContain('[^');
    const words = placedWords(output.bytes, 1);
    const note = words.find((word) => word.text === 'source.')!;
    const next = words.find((word) => word.text === 'Next')!;
    // At the foot of the A4 page (842 pt high), far below the last line of text.
    expect(note.yMin).toBeGreaterThan(700);
    expect(note.yMin).toBeGreaterThan(next.yMax + 500);
  });

  it('converts a Markdown definition list to a bold term and indented definitions in DOCX and PDF', async () => {
    const markdown = utf8('Kale\n: A green leaf.\n');
    const docx = documentXml((await runBuiltinConversion(markdown, 'md', 'docx')).bytes);
    expect(docx).toMatch(/<w:b\/>.*<w:t[^>]*>Kale<\/w:t>/);
    expect(docx).toMatch(/<w:ind w:left="720"\/>.*A green leaf/);
    const words = placedWords((await runBuiltinConversion(markdown, 'md', 'pdf')).bytes, 1);
    const term = words.find((word) => word.text === 'Kale')!;
    const definition = words.find((word) => word.text === 'A')!;
    expect(definition.xMin - term.xMin).toBeCloseTo(36, 0);
    expect(definition.yMin).toBeGreaterThan(term.yMax);
  });

  it('converts HTML to DOCX and reads a legacy charset named in a meta tag', async () => {
    const html = Uint8Array.from([...utf8('<html><head><meta charset="windows-1252"></head><body><h2>Caf'), 0xe9, ...utf8('</h2><p>menu</p></body></html>')]);
    const output = await runBuiltinConversion(html, 'html', 'docx');
    expect(docxText(output.bytes)).toContain('Café');
    expect(documentXml(output.bytes)).toContain('<w:pStyle w:val="Heading2"/>');
  });

  it('returns reader warnings as sentences, never fetching what a document links to', async () => {
    const output = await runBuiltinConversion(utf8('![logo](http://127.0.0.1:9/logo.png)\n\ntext'), 'md', 'docx');
    expect(output.warnings).toEqual(['The image "http://127.0.0.1:9/logo.png" was not fetched (only data: URIs are embedded); its alt text was kept.']);
    expect(zipEntryNames(output.bytes).some((name) => name.startsWith('word/media/'))).toBe(false);
  });

  it('gives every DOCX it writes identity metadata from the injected clock', async () => {
    const output = await runBuiltinConversion(utf8('hello'), 'md', 'docx', fixedClock);
    const identity = await identifyDocument(output.bytes);
    expect(identity.createdAt).toBe('2026-02-03T04:05:00Z');
    expect(identity.generated).toEqual({ guid: false, createdAt: false });
  });

  it('passes a DOCX through to DOCX, adding the identity metadata it lacks and keeping what it has', async () => {
    const bare = await fixture('docx/python-docx-doc-no-coreprops.docx');
    expect((await identifyDocument(bare)).generated).toEqual({ guid: true, createdAt: true });
    const completed = await runBuiltinConversion(bare, 'docx', 'docx', fixedClock);
    const identity = await identifyDocument(completed.bytes);
    expect(identity.generated).toEqual({ guid: false, createdAt: false });
    expect(identity.createdAt).toBe('2026-02-03T04:05:00Z');
    expect(docxText(completed.bytes)).toBe(docxText(bare));

    const again = await runBuiltinConversion(completed.bytes, 'docx', 'docx');
    expect(again.bytes).toEqual(completed.bytes);
  });

  it('refuses formats it does not know with CONVERT_UNSUPPORTED_PAIR', async () => {
    expect((await failure(runBuiltinConversion(utf8('# x'), 'md', 'odt' as never))).code).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect((await failure(runBuiltinConversion(utf8('# x'), 'rtf' as never, 'pdf'))).code).toBe('CONVERT_UNSUPPORTED_PAIR');
  });

  it('writes Markdown, HTML and DOCX as PDF with the text of the input, sharing one font catalog', async () => {
    const fonts = new FontCatalog();
    const md = await runBuiltinConversion(utf8('# Quarterly plan\n\nShip the *widget* soon.\n'), 'md', 'pdf', { fonts });
    const html = await runBuiltinConversion(utf8('<h1>Garden notes</h1><p>Water the tomatoes.</p>'), 'html', 'pdf', { fonts });
    const docx = await runBuiltinConversion(await fixture('docx/pandoc-headers.docx'), 'docx', 'pdf', { fonts });
    for (const output of [md, html, docx]) expect(latin1(output.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(normalize(pdfText(md.bytes))).toContain('Quarterly plan Ship the widget soon.');
    expect(normalize(pdfText(html.bytes))).toContain('Garden notes Water the tomatoes.');
    expect(normalize(pdfText(docx.bytes))).toContain('A Test of Headers');
  });

  it('reports the reader warnings of a PDF conversion and refuses a DOCX it cannot read', async () => {
    const output = await runBuiltinConversion(utf8('![logo](http://127.0.0.1:9/logo.png)\n\ntext'), 'md', 'pdf');
    expect(output.warnings.join(' ')).toMatch(/127\.0\.0\.1/);
    const whole = await fixture('docx/pandoc-lists.docx');
    expect((await failure(runBuiltinConversion(whole.subarray(0, whole.length - 200), 'docx', 'pdf'))).code).toBe('CONVERT_INPUT_INVALID');
  });

  it('refuses input that is not of the declared format', async () => {
    expect(await failure(runBuiltinConversion(utf8('# not a zip'), 'docx', 'docx'))).toEqual({ code: 'CONVERT_INPUT_INVALID', message: 'The input was declared as docx but is text.' });
    const docxAsMarkdown = await failure(runBuiltinConversion(await fixture('docx/pandoc-lists.docx'), 'md', 'docx'));
    expect(docxAsMarkdown.code).toBe('CONVERT_INPUT_INVALID');
  });

  it('refuses hostile DOCX packages with CONVERT_INPUT_INVALID: zip bomb, truncated zip, DOCTYPE, main part outside the package', async () => {
    const bomb = buildDocx({ extraEntries: { 'word/media/zeros.bin': new Uint8Array(8 * 1024 * 1024) } });
    expect(await failure(runBuiltinConversion(bomb, 'docx', 'docx'))).toMatchObject({ code: 'CONVERT_INPUT_INVALID', message: expect.stringMatching(/inflates more than 200 times/) });

    const whole = await fixture('docx/pandoc-lists.docx');
    expect((await failure(runBuiltinConversion(whole.subarray(0, whole.length - 200), 'docx', 'docx'))).code).toBe('CONVERT_INPUT_INVALID');

    const doctypeDocx = buildDocxWithDocument(
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>',
    );
    expect(await failure(runBuiltinConversion(doctypeDocx, 'docx', 'docx'))).toMatchObject({ code: 'CONVERT_INPUT_INVALID', message: expect.stringMatching(/DOCTYPE/) });
    const undeclaredEntity = buildDocx({ text: '&xxe;' });
    expect((await failure(runBuiltinConversion(undeclaredEntity, 'docx', 'docx'))).code).toBe('CONVERT_INPUT_INVALID');

    const escaping = buildDocx({
      packageRelsXml:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL.officeDocument}" Target="../../../../etc/passwd"/></Relationships>`,
    });
    expect((await failure(runBuiltinConversion(escaping, 'docx', 'docx'))).code).toBe('CONVERT_INPUT_INVALID');
  });

  it('passes a DOCX whose other relationships point outside the package through, with a warning', async () => {
    const docx = buildDocx({
      mainRelsXml:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL.settings}" Target="settings.xml"/>` +
        `<Relationship Id="rId9" Type="${REL.styles}" Target="../../../etc/passwd"/></Relationships>`,
    });
    const output = await runBuiltinConversion(docx, 'docx', 'docx');
    expect(output.warnings).toEqual(['Relationship rId9 in /word/_rels/document.xml.rels points outside the package (../../../etc/passwd); it is ignored.']);
    expect(zipEntryNames(output.bytes).sort()).toEqual(zipEntryNames(docx).concat('docProps/custom.xml').sort());
  });
});

function buildDocxWithDocument(documentXmlText: string): Uint8Array {
  return buildZip(buildDocxEntries().map(([name, content]) => [name, name === 'word/document.xml' ? utf8(documentXmlText) : content]));
}
