import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../src/document-error.js';
import { doc, li, ol, p } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/index.js';
import { buildZip } from '../../../../../test/support/zip-builder.js';
import { abstractNum, buildTestDocx, numbered, num, paragraph, paragraphStyle, style } from '../../../../../test/support/docx-package.js';
import { withoutDefaults } from './without-defaults.js';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject.');
}

describe('readDocx on hostile or broken input', () => {
  it('rejects bytes that are not a zip, or a zip without a Word document, with a DocumentError', async () => {
    const notZip = await rejection(readDocx(new TextEncoder().encode('<html>not a document</html>')));
    expect(notZip).toBeInstanceOf(DocumentError);
    expect((notZip as DocumentError).code).toBe('DOCX_NOT_ZIP');
    const noMain = await rejection(readDocx(buildZip([['hello.txt', new TextEncoder().encode('hi')]])));
    expect((noMain as DocumentError).code).toBe('DOCX_NO_MAIN_PART');
  });

  it('rejects a main part with a DOCTYPE (entity tricks) without expanding anything', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>';
    const error = await rejection(readDocx(buildTestDocx({ body: '', raw: { 'word/document.xml': bomb } })));
    expect((error as DocumentError).code).toBe('DOCX_MALFORMED_XML');
  });

  it('reads the document without a malformed styles or numbering part or a missing header part, warning for each', async () => {
    const result = await readDocx(
      buildTestDocx({
        body: paragraph('still here', '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>'),
        // Declared empty so that the relationships name them, then replaced by broken content.
        styles: '',
        numbering: '',
        relationships: [{ id: 'rIdH', type: 'header', target: 'header-missing.xml' }],
        raw: { 'word/styles.xml': '<w:styles><unclosed>', 'word/numbering.xml': '<?xml version="1.0"?><!DOCTYPE x><x/>' },
      }),
    );
    expect(result.value.toJSON()).toEqual(doc(p('still here')).toJSON());
    expect(result.messages.map((message) => message.message).sort()).toEqual([
      expect.stringMatching(/header or footer part \/word\/header-missing\.xml is missing/),
      expect.stringMatching(/numbering definitions part \/word\/numbering\.xml could not be read/),
      expect.stringMatching(/styles part \/word\/styles\.xml could not be read/),
    ]);
  });

  it('stops following wrappers nested deeper than it reads, keeping the rest of the document', async () => {
    const depth = 500;
    const nested = '<w:sdt><w:sdtContent>'.repeat(depth) + paragraph('deep') + '</w:sdtContent></w:sdt>'.repeat(depth);
    const result = await readDocx(buildTestDocx({ body: nested + paragraph('after') }));
    expect(result.value.toJSON()).toEqual(doc(p('after')).toJSON());
    expect(result.messages.map((message) => message.code)).toEqual(['READER_NESTING_TRUNCATED']);
  });

  it('reads styles and numbering that refer to themselves in loops', async () => {
    const styles =
      paragraphStyle('A', '', { basedOn: 'A' }) +
      style('numbering', 'LoopList', '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>');
    const numbering =
      '<w:abstractNum w:abstractNumId="1"><w:numStyleLink w:val="LoopList"/></w:abstractNum>' +
      abstractNum(2, [{ format: 'decimal', text: '%1.' }]) +
      num(1, 1) +
      num(2, 2);
    const result = await readDocx(buildTestDocx({ styles, numbering, body: paragraph('styled', '<w:pStyle w:val="A"/>') + numbered('listed', 1) + numbered('numbered', 2) }));
    expect(withoutDefaults(result.value)).toEqual(doc(p({ styleId: 'A' }, 'styled'), p('listed'), ol({ numId: '2', level: 0 }, li(p('numbered')))).toJSON());
  });

  it('stops reading text past maxLength, with a warning', async () => {
    const result = await readDocx(buildTestDocx({ body: paragraph('0123456789') + paragraph('abcdef') }), { maxLength: 12 });
    expect(result.value.toJSON()).toEqual(doc(p('0123456789'), p('ab')).toJSON());
    expect(result.messages.map((message) => message.code)).toEqual(['READER_INPUT_TRUNCATED']);
  });

  it('reads real documents whose every attribute value was replaced by junk, without failing', async () => {
    const junk = ['', '-1', '99999999999999999999', 'NaN', 'x', '0', '1', 'restart', 'continue', 'bullet', '%1.', 'auto'];
    for (const name of ['pandoc-lists.docx', 'superdoc-table-merged-cells.docx', 'pandoc-tables.docx', 'superdoc-h_f-normal-odd-even.docx']) {
      const entries = unzipSync(new Uint8Array(readFileSync(new URL(`../../../../../test/fixtures/docx/${name}`, import.meta.url))));
      let index = 0;
      const garble = (xml: string): string => xml.replace(/ (w:[A-Za-z]+)="[^"]*"/g, (_match, attribute: string) => ` ${attribute}="${junk[index++ % junk.length]!}"`);
      for (const part of ['word/document.xml', 'word/styles.xml', 'word/numbering.xml']) {
        if (entries[part]) entries[part] = new TextEncoder().encode(garble(new TextDecoder().decode(entries[part])));
      }
      const result = await readDocx(zipSync(entries));
      result.value.check();
      expect(result.value.textContent.length).toBeGreaterThan(0);
    }
  });

  it('rejects invalid arguments with a TypeError naming them', async () => {
    await expect(readDocx('not bytes' as unknown as Uint8Array)).rejects.toThrow(TypeError);
    await expect(readDocx(buildTestDocx({ body: '' }), { maxDepth: 0 })).rejects.toThrow(/maxDepth/);
    await expect(readDocx(buildTestDocx({ body: '' }), { maxImageBytes: -1 })).rejects.toThrow(/maxImageBytes/);
  });

  it('reads a package whose main part is an empty body into one empty paragraph', async () => {
    expect((await readDocx(buildTestDocx({ body: '' }))).value.toJSON()).toEqual(doc(p()).toJSON());
  });
});
