// The server's default engines with the real LibreOffice (CI installs it): the built-in engine
// answers by default, and QUIRE_ENGINE=libreoffice sends every conversion to LibreOffice.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../../../test/support/libreoffice.js';
import { startConvertHarness, type ConvertHarness } from './convert-harness.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../test/fixtures/${path}`, import.meta.url)));
const normalize = (text: string) => text.replace(/\s+/g, ' ');

describe('POST /v1/convert with the default engines (LibreOffice installed)', () => {
  let harness: ConvertHarness;
  let forced: ConvertHarness;

  beforeAll(async () => {
    harness = await startConvertHarness('pglite');
    forced = await startConvertHarness('pglite', { env: { QUIRE_ENGINE: 'libreoffice' } });
  });
  afterAll(async () => {
    await harness.close();
    await forced.close();
  });

  it('converts DOCX to PDF (the default target) through LibreOffice when QUIRE_ENGINE forces it', async () => {
    const cases: Array<[string, string[]]> = [
      ['pandoc-headers.docx', ['A Test of Headers', 'Second Level']],
      ['pandoc-unicode.docx', ['Hello, 世界. This costs €10.']],
    ];
    for (const [name, expected] of cases) {
      const response = await forced.convert('from=docx', [{ name: 'file', fileName: name, content: await fixture(`docx/${name}`) }]);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-quire-engine')).toBe('libreoffice');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace('.docx', '.pdf')}"`);
      const text = normalize(await pdfToText(new Uint8Array(await response.arrayBuffer())));
      for (const line of expected) expect(text, name).toContain(line);
    }
  }, 120_000);

  it('sends Markdown to PDF and to DOCX to the built-in engine unless LibreOffice is forced', async () => {
    const pdf = await harness.convert('', [{ name: 'file', fileName: 'notes.md', content: '# Meeting notes\n\n- decide the date' }]);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('x-quire-engine')).toBe('builtin');
    expect(normalize(await pdfToText(new Uint8Array(await pdf.arrayBuffer())))).toContain('Meeting notes');
    const docx = await harness.convert('to=docx', [{ name: 'file', fileName: 'notes.md', content: '# Meeting notes' }]);
    expect(docx.headers.get('x-quire-engine')).toBe('builtin');
    const office = await forced.convert('', [{ name: 'file', fileName: 'notes.md', content: '# Meeting notes\n\n- decide the date' }]);
    expect(office.status).toBe(200);
    expect(office.headers.get('x-quire-engine')).toBe('libreoffice');
    expect(normalize(await pdfToText(new Uint8Array(await office.arrayBuffer())))).toContain('Meeting notes');
  }, 120_000);
});
